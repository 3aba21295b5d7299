// The kernels the course runs against the reference, bit for bit (any NaN equals any NaN), over
// edge sizes (1, a vector's width and its neighbours, a block of 32 gate rows and past it) with
// NaN, the infinities, -0 and denormals mixed into some calls' values, every output pre-filled
// with NaN so that an entry a kernel never writes shows. A failure names the sizes and the first
// differing index.
#include "sequence/kernels.h"

#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>
#include <vector>

#include "common/test_util.h"
#include "sequence/reference.h"

namespace sequence {
namespace {

using core::testing::bitwise_equal;

using core::testing::kNaN;

std::vector<float> values(size_t n, std::mt19937& rng, bool hostile, float spread = 1.0f) {
  auto v = core::testing::random_values(n, rng, -spread, spread);
  if (hostile) core::testing::plant_specials(v, 3, 11);
  return v;
}

std::vector<float> nans(int64_t n) { return std::vector<float>(static_cast<size_t>(n), kNaN); }

// A layer's weights and a buffer for each of their gradients, both kernels' own.
struct Layer {
  std::vector<float> w_ih, w_hh, b_ih, b_hh;
  bool bias;
  RecurrentWeights weights() const {
    return {w_ih.data(), w_hh.data(), bias ? b_ih.data() : nullptr, bias ? b_hh.data() : nullptr};
  }
};

struct Grads {
  std::vector<float> w_ih, w_hh, b_ih, b_hh;
  Grads(int64_t G, int64_t I, int64_t H)
      : w_ih(nans(G * I)), w_hh(nans(G * H)), b_ih(nans(G)), b_hh(nans(G)) {}
  RecurrentGradients pointers(bool bias) {
    return {w_ih.data(), w_hh.data(), bias ? b_ih.data() : nullptr, bias ? b_hh.data() : nullptr};
  }
};

void expect_same_grads(const Grads& a, const Grads& b, const std::string& where) {
  EXPECT_TRUE(bitwise_equal(a.w_ih, b.w_ih)) << "grad w_ih " << where;
  EXPECT_TRUE(bitwise_equal(a.w_hh, b.w_hh)) << "grad w_hh " << where;
  EXPECT_TRUE(bitwise_equal(a.b_ih, b.b_ih)) << "grad b_ih " << where;
  EXPECT_TRUE(bitwise_equal(a.b_hh, b.b_hh)) << "grad b_hh " << where;
}

TEST(SequenceKernels, RnnIsTheReferenceToTheBit) {
  std::mt19937 rng(8);
  for (int64_t T : {1, 2, 5, 17}) {
    for (int64_t I : {1, 3, 8}) {
      for (int64_t H : {1, 4, 7, 9, 33}) {
        for (bool bias : {true, false}) {
          for (Nonlinearity nl : {Nonlinearity::kTanh, Nonlinearity::kRelu}) {
            const std::string where = "T " + std::to_string(T) + " I " + std::to_string(I) + " H " +
                                      std::to_string(H) + " bias " + std::to_string(bias) +
                                      " relu " + std::to_string(nl == Nonlinearity::kRelu);
            const bool hostile = (T + I + H) % 4 == 0;
            const Layer layer{values(H * I, rng, hostile), values(H * H, rng, hostile),
                              values(H, rng, hostile), values(H, rng, hostile), bias};
            const auto x = values(T * I, rng, hostile, 2), h0 = values(H, rng, hostile);
            auto expected = nans(T * H), actual = expected;
            reference::rnn_forward(expected.data(), x.data(), h0.data(), layer.weights(), T, I, H,
                                   nl);
            kernels::rnn_forward(actual.data(), x.data(), h0.data(), layer.weights(), T, I, H, nl);
            ASSERT_TRUE(bitwise_equal(expected, actual)) << "output " << where;

            const auto g_out = values(T * H, rng, hostile), g_hn = values(H, rng, false);
            for (bool with_hn : {true, false}) {
              Grads ga(H, I, H), gb(H, I, H);
              auto gi_a = nans(T * I), gi_b = gi_a, gh_a = nans(H), gh_b = gh_a;
              auto hid_a = nans(T * H), hid_b = hid_a;
              const float* hn = with_hn ? g_hn.data() : nullptr;
              reference::rnn_backward(gi_a.data(), gh_a.data(), ga.pointers(bias), hid_a.data(),
                                      g_out.data(), hn, x.data(), h0.data(), layer.weights(),
                                      expected.data(), T, I, H, nl);
              kernels::rnn_backward(gi_b.data(), gh_b.data(), gb.pointers(bias), hid_b.data(),
                                    g_out.data(), hn, x.data(), h0.data(), layer.weights(),
                                    expected.data(), T, I, H, nl);
              EXPECT_TRUE(bitwise_equal(gi_a, gi_b)) << "grad_input " << where;
              EXPECT_TRUE(bitwise_equal(gh_a, gh_b)) << "grad_h0 " << where;
              EXPECT_TRUE(bitwise_equal(hid_a, hid_b)) << "grad_hidden " << where;
              expect_same_grads(ga, gb, where);
            }
          }
        }
      }
    }
  }
}

TEST(SequenceKernels, LstmIsTheReferenceToTheBit) {
  std::mt19937 rng(9);
  for (int64_t T : {1, 3, 18}) {
    for (int64_t I : {1, 5}) {
      for (int64_t H : {1, 2, 7, 8, 9}) {
        for (bool bias : {true, false}) {
          const int64_t G = 4 * H;
          const std::string where = "T " + std::to_string(T) + " I " + std::to_string(I) + " H " +
                                    std::to_string(H) + " bias " + std::to_string(bias);
          const bool hostile = (T + I + H) % 3 == 0;
          const Layer layer{values(G * I, rng, hostile), values(G * H, rng, hostile),
                            values(G, rng, hostile), values(G, rng, hostile), bias};
          const auto x = values(T * I, rng, hostile, 2), h0 = values(H, rng, hostile),
                     c0 = values(H, rng, hostile);
          auto out_a = nans(T * H), out_b = out_a, cells_a = out_a, cells_b = out_a;
          auto gates_a = nans(T * G), gates_b = gates_a;
          reference::lstm_forward(out_a.data(), cells_a.data(), gates_a.data(), x.data(), h0.data(),
                                  c0.data(), layer.weights(), T, I, H);
          kernels::lstm_forward(out_b.data(), cells_b.data(), gates_b.data(), x.data(), h0.data(),
                                c0.data(), layer.weights(), T, I, H);
          ASSERT_TRUE(bitwise_equal(out_a, out_b)) << "output " << where;
          ASSERT_TRUE(bitwise_equal(cells_a, cells_b)) << "cells " << where;
          ASSERT_TRUE(bitwise_equal(gates_a, gates_b)) << "gates " << where;

          const auto g_out = values(T * H, rng, hostile), g_hn = values(H, rng, false),
                     g_cn = values(H, rng, false);
          for (int ends = 0; ends < 4; ++ends) {
            const float* hn = ends & 1 ? g_hn.data() : nullptr;
            const float* cn = ends & 2 ? g_cn.data() : nullptr;
            Grads ga(G, I, H), gb(G, I, H);
            auto gi_a = nans(T * I), gi_b = gi_a, gh_a = nans(H), gh_b = gh_a, gc_a = gh_a,
                 gc_b = gh_a, hid_a = nans(T * H), hid_b = hid_a, gcell_a = hid_a, gcell_b = hid_a;
            reference::lstm_backward(gi_a.data(), gh_a.data(), gc_a.data(), ga.pointers(bias),
                                     hid_a.data(), gcell_a.data(), g_out.data(), hn, cn, x.data(),
                                     h0.data(), c0.data(), layer.weights(), out_a.data(),
                                     cells_a.data(), gates_a.data(), T, I, H);
            kernels::lstm_backward(gi_b.data(), gh_b.data(), gc_b.data(), gb.pointers(bias),
                                   hid_b.data(), gcell_b.data(), g_out.data(), hn, cn, x.data(),
                                   h0.data(), c0.data(), layer.weights(), out_a.data(),
                                   cells_a.data(), gates_a.data(), T, I, H);
            const std::string with = where + " ends " + std::to_string(ends);
            EXPECT_TRUE(bitwise_equal(gi_a, gi_b)) << "grad_input " << with;
            EXPECT_TRUE(bitwise_equal(gh_a, gh_b)) << "grad_h0 " << with;
            EXPECT_TRUE(bitwise_equal(gc_a, gc_b)) << "grad_c0 " << with;
            EXPECT_TRUE(bitwise_equal(hid_a, hid_b)) << "grad_hidden " << with;
            EXPECT_TRUE(bitwise_equal(gcell_a, gcell_b)) << "grad_cells " << with;
            expect_same_grads(ga, gb, with);
          }
        }
      }
    }
  }
}

TEST(SequenceKernels, AttentionIsTheReferenceToTheBit) {
  std::mt19937 rng(10);
  const int64_t sides[] = {1, 2, 3, 4, 5, 8, 9, 17};
  for (int64_t Lq : sides) {
    for (int64_t Lk : sides) {
      for (int64_t d : {1, 4, 9}) {
        for (int64_t dv : {1, 5, 8}) {
          const bool hostile = (Lq + Lk + d + dv) % 5 == 0;
          const auto q = values(Lq * d, rng, hostile, 3), k = values(Lk * d, rng, hostile, 3),
                     v = values(Lk * dv, rng, hostile), g = values(Lq * dv, rng, hostile);
          for (bool causal : {false, true}) {
            const std::string where = std::to_string(Lq) + " x " + std::to_string(Lk) + ", d " +
                                      std::to_string(d) + ", dv " + std::to_string(dv) +
                                      (causal ? ", causal" : "");
            auto out_a = nans(Lq * dv), out_b = out_a, w_a = nans(Lq * Lk), w_b = w_a, s_a = w_a,
                 s_b = w_a;
            reference::attention_forward(out_a.data(), w_a.data(), s_a.data(), q.data(), k.data(),
                                         v.data(), Lq, Lk, d, dv, causal);
            kernels::attention_forward(out_b.data(), w_b.data(), s_b.data(), q.data(), k.data(),
                                       v.data(), Lq, Lk, d, dv, causal);
            ASSERT_TRUE(bitwise_equal(s_a, s_b)) << "scores " << where;
            ASSERT_TRUE(bitwise_equal(w_a, w_b)) << "weights " << where;
            ASSERT_TRUE(bitwise_equal(out_a, out_b)) << "output " << where;
            auto gq_a = nans(Lq * d), gq_b = gq_a, gk_a = nans(Lk * d), gk_b = gk_a,
                 gv_a = nans(Lk * dv), gv_b = gv_a;
            reference::attention_backward(gq_a.data(), gk_a.data(), gv_a.data(), g.data(), q.data(),
                                          k.data(), v.data(), w_a.data(), s_a.data(), Lq, Lk, d,
                                          dv);
            kernels::attention_backward(gq_b.data(), gk_b.data(), gv_b.data(), g.data(), q.data(),
                                        k.data(), v.data(), w_a.data(), s_a.data(), Lq, Lk, d, dv);
            EXPECT_TRUE(bitwise_equal(gq_a, gq_b)) << "grad_query " << where;
            EXPECT_TRUE(bitwise_equal(gk_a, gk_b)) << "grad_key " << where;
            EXPECT_TRUE(bitwise_equal(gv_a, gv_b)) << "grad_value " << where;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace sequence
