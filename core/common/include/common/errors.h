// Argument errors, shared by every family. The core throws no exceptions (the same code runs in
// WebAssembly built without exception support), so a rejected argument is a value: an Error
// naming the parameter, with a message that names the parameter and its value. The WASM
// bindings hand it to JS, which throws it as a CoreError subclass.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <utility>

namespace core {

// A rejected argument: `parameter` is PyTorch's name ("padding", "kernel_size", "input", ...).
struct Error {
  std::string parameter;
  std::string message;
};

// Either a value or the reason there is none.
template <class T>
struct Checked {
  std::optional<T> value;
  std::optional<Error> error;
  bool ok() const { return value.has_value(); }
};

template <class T>
Checked<T> fail(std::string parameter, std::string message) {
  Checked<T> result;
  result.error = Error{std::move(parameter), std::move(message)};
  return result;
}

template <class T>
Checked<T> succeed(T value) {
  Checked<T> result;
  result.value = std::move(value);
  return result;
}

// How a message shows an option's value: "inf", "nan", "1e+39", "0.1" (enough digits to tell
// any two floats apart).
inline std::string show(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

// `value` unless there is an error.
template <class T>
Checked<T> to_checked(std::optional<Error> error, T&& value) {
  Checked<T> result;
  if (error) {
    result.error = std::move(error);
  } else {
    result.value = std::forward<T>(value);
  }
  return result;
}

}  // namespace core
