// Options objects for the activation tests, each with one option set.
#pragma once

#include "activations/activations.h"

namespace activations::testing {

inline ActivationOptions with_alpha(double alpha) {
  ActivationOptions o;
  o.alpha = alpha;
  return o;
}

inline ActivationOptions with_beta(double beta) {
  ActivationOptions o;
  o.beta = beta;
  return o;
}

inline ActivationOptions with_approximate(GeluApproximate approximate) {
  ActivationOptions o;
  o.approximate = approximate;
  return o;
}

}  // namespace activations::testing
