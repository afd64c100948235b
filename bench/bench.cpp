// The C++ side of `npm run bench` (bench/run.mjs drives it and writes docs/benchmarks.md).
//
// One source, four builds: natively with -O3 for the default x86-64 target (SSE2, the 128-bit
// build) and with -O3 -march=native, and to WebAssembly with and without SIMD128. Natively it is a
// command-line program; in WebAssembly it is a module whose main() bench/run.mjs calls in its own
// Node process (callMain), next to the page's module, so that the in-WASM loop and the JS API are
// timed back to back in one process.
//
//   ae_bench kernels [--embed 48 --enc-hidden 64 --dec-hidden 128 --attn-dim 64 --out-hidden 128
//                     --tgt-vocab 1200 --src-len 20] [--case N] [TIMING]
//       every kernel of core/kernels.h at the model's shapes, in both variants the build has
//       (the active one: SIMD128 where the target has it; and the scalar reference); --case N
//       runs only the N-th kernel of the list, so that the driver can interleave builds finely
//   ae_bench decode MODEL.aem [TIMING] CASE...      CASE = "BEAM:MAX_LEN:TEXT"
//       tokenize + Decoder::translate (full trace) of each case, entirely inside C++/WASM
//   TIMING = [--warmup N] [--samples N] [--min-sample-ms X] [--clock wall|cpu];
//            --samples 0 prints the outputs only
//
// Output: one JSON object per line. Each timed item reports every sample (nanoseconds per call,
// after warm-up samples that are discarded: WebAssembly starts in a baseline tier and is
// recompiled by the optimizing tier while it runs) and the outputs of one call on fresh inputs,
// so that bench/run.mjs can check that all variants compute the same thing before comparing
// their times.
#include <Eigen/Core>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "decoder.h"
#include "kernels.h"
#include "tokenizer.h"
#include "weights_file.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#else
#include <ctime>
#endif

#if defined(__EMSCRIPTEN__)
// The CPU time of the Node process running this module, in milliseconds.
EM_JS(double, ae_process_cpu_ms, (), {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
});
#endif

namespace {

// The clock: wall time, or the CPU time of this process ("--clock cpu"), which leaves out the
// time other processes of a shared machine take from us.
bool g_cpu_clock = false;

double now_ms() {
#if defined(__EMSCRIPTEN__)
  return g_cpu_clock ? ae_process_cpu_ms() : emscripten_get_now();
#else
  if (g_cpu_clock) {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
  }
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
#endif
}

struct TimingOptions {
  int warmup = 5;              // samples run and discarded
  int samples = 9;             // samples kept
  double min_sample_ms = 4.0;  // each sample repeats the call until it lasts at least this long
};

// Keeps results alive so that the optimizer cannot drop the timed work.
volatile float g_sink = 0.0f;

// One sample: `reps` calls of body. Never inlined, so that each sample is a fresh call of a
// function the WebAssembly engine may have tiered up in the meantime (V8 replaces a function's
// code between calls, not within a running loop).
template <class F>
#if defined(__GNUC__)
__attribute__((noinline))
#endif
double
run_sample(F& body, long reps) {
  const double start = now_ms();
  for (long i = 0; i < reps; ++i) body();
  return now_ms() - start;
}

struct Timing {
  long reps = 1;
  std::vector<double> ns_per_call;
};

// With options.samples == 0 nothing is timed (the outputs-only pass that checks agreement).
template <class F>
Timing measure(F body, const TimingOptions& options) {
  Timing timing;
  if (options.samples == 0) return timing;
  auto calibrate = [&] {
    long reps = 1;
    for (;;) {
      const double ms = run_sample(body, reps);
      if (ms >= options.min_sample_ms || reps >= (1L << 30)) break;
      const double factor = ms > 0 ? options.min_sample_ms * 1.2 / ms : 16.0;
      reps = std::max(reps * 2, static_cast<long>(std::ceil(static_cast<double>(reps) * factor)));
    }
    return reps;
  };
  long reps = calibrate();
  for (int i = 0; i < options.warmup; ++i) run_sample(body, reps);
  reps = calibrate();  // again, now that the code is warm
  timing.reps = reps;
  for (int i = 0; i < options.samples; ++i)
    timing.ns_per_call.push_back(run_sample(body, reps) * 1e6 / static_cast<double>(reps));
  return timing;
}

void print_floats(const char* key, const float* v, size_t n) {
  std::printf(",\"%s\":[", key);
  for (size_t i = 0; i < n; ++i) std::printf("%s%.9g", i ? "," : "", static_cast<double>(v[i]));
  std::printf("]");
}

void print_ints(const char* key, const std::vector<int>& v) {
  std::printf(",\"%s\":[", key);
  for (size_t i = 0; i < v.size(); ++i) std::printf("%s%d", i ? "," : "", v[i]);
  std::printf("]");
}

void print_timing(const Timing& t) {
  std::printf(",\"reps\":%ld,\"ns\":[", t.reps);
  for (size_t i = 0; i < t.ns_per_call.size(); ++i)
    std::printf("%s%.6g", i ? "," : "", t.ns_per_call[i]);
  std::printf("]");
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
      continue;
    }
    out += c;
  }
  return out + "\"";
}

const char* build_name() {
#if defined(__wasm_simd128__)
  return "wasm-simd128";
#elif defined(__EMSCRIPTEN__)
  return "wasm-scalar";
#elif defined(AE_BENCH_MARCH_NATIVE)
  return "native-march-native";
#else
  return "native-sse2";
#endif
}

// ---------------------------------------------------------------------------------------------
// Kernels.

// One variant's kernels as a type, so that the timed code calls them directly, as the model does
// (they live in their own translation unit, so neither the model's calls nor these are inlined).
#define AE_KERNEL_VARIANT(type, ns, label)                                               \
  struct type {                                                                          \
    static constexpr const char* name = label;                                           \
    static void gemv_acc(const float* W, const float* x, float* y, int rows, int cols) { \
      ns::gemv_acc(W, x, y, rows, cols);                                                 \
    }                                                                                    \
    static float dot(const float* a, const float* b, int n) { return ns::dot(a, b, n); } \
    static void axpy(float a, const float* x, float* y, int n) { ns::axpy(a, x, y, n); } \
    static void tanh_inplace(float* x, int n) { ns::tanh_inplace(x, n); }                \
    static void sigmoid_inplace(float* x, int n) { ns::sigmoid_inplace(x, n); }          \
    static float max_value(const float* x, int n) { return ns::max_value(x, n); }        \
    static float exp_shifted(const float* x, float s, float* y, int n) {                 \
      return ns::exp_shifted(x, s, y, n);                                                \
    }                                                                                    \
    static void scale_inplace(float a, float* x, int n) { ns::scale_inplace(a, x, n); }  \
  };
AE_KERNEL_VARIANT(ScalarKernels, ae::kernels::scalar, "scalar")
#if AE_HAVE_SIMD128
AE_KERNEL_VARIANT(SimdKernels, ae::kernels::simd, "simd")
#endif
#undef AE_KERNEL_VARIANT

// The kernels' operands, 16-byte aligned as the model's Eigen matrices are. Without this the
// comparison would be skewed: glibc's malloc returns 16-byte aligned blocks but Emscripten's only
// 8-byte aligned ones, so in WebAssembly every fourth 16-byte load of a row would straddle two
// cache lines, which the model never makes it do.
using Floats = std::vector<float, Eigen::aligned_allocator<float>>;

// Deterministic inputs, identical in every build: uniform in [-scale, scale].
Floats random_vector(size_t n, unsigned seed, float scale) {
  Floats v(n);
  unsigned state = seed * 2654435761u + 12345u;
  for (float& x : v) {
    state = state * 1664525u + 1013904223u;
    x = scale * (static_cast<float>(state >> 8) / 8388608.0f - 1.0f);
  }
  return v;
}

// The numerically stable softmax of layers.cpp, spelled out with one variant's kernels.
template <class K>
void softmax(const float* scores, int n, float* out) {
  const float m = K::max_value(scores, n);
  const float sum = K::exp_shifted(scores, m, out, n);
  K::scale_inplace(1.0f / sum, out, n);
}

struct KernelCase {
  std::string name;   // kernel family
  std::string label;  // where the model uses it
  int rows = 0, cols = 0;
};

// Runs one kernel case with one variant: its output on fresh inputs, then its timing.
template <class K>
void bench_kernel(const KernelCase& kc, size_t index, const TimingOptions& timing) {
  const unsigned seed = 2 + static_cast<unsigned>(index);
  const size_t rows = static_cast<size_t>(kc.rows), cols = static_cast<size_t>(kc.cols);
  // Weights as in the model (|w| <= 0.1), activations in the range the nonlinearities see.
  const Floats W = random_vector(rows * cols, seed, 0.1f);
  const Floats x = random_vector(cols, seed + 1000, 2.0f);
  const Floats y0 = random_vector(std::max(rows, cols), seed + 2000, 1.0f);
  const bool nonlinear = kc.name == "tanh" || kc.name == "sigmoid";
  const bool is_tanh = kc.name == "tanh";
  auto nonlinearity = [is_tanh](float* v, int n) {  // direct calls, as in the model
    if (is_tanh)
      K::tanh_inplace(v, n);
    else
      K::sigmoid_inplace(v, n);
  };

  Floats result;
  if (kc.name == "gemv") {
    result.assign(y0.begin(), y0.begin() + static_cast<long>(rows));
    K::gemv_acc(W.data(), x.data(), result.data(), kc.rows, kc.cols);
  } else if (kc.name == "dot") {
    result = {K::dot(W.data(), x.data(), kc.cols)};
  } else if (kc.name == "axpy") {
    result.assign(y0.begin(), y0.begin() + static_cast<long>(cols));
    K::axpy(0.37f, x.data(), result.data(), kc.cols);
  } else if (nonlinear) {
    result = x;
    nonlinearity(result.data(), kc.cols);
  } else {
    result.assign(cols, 0.0f);
    softmax<K>(x.data(), kc.cols, result.data());
  }

  // The timed bodies do exactly the model's work per call. The in-place nonlinearities work on a
  // fresh copy of the input each time (as additive_scores_forward does), so that the data, and
  // with it the time of the scalar libm calls, stays the same from call to call.
  Floats y = y0, buffer(cols), out(cols);
  Timing t;
  if (kc.name == "gemv") {
    t = measure(
        [&] {
          K::gemv_acc(W.data(), x.data(), y.data(), kc.rows, kc.cols);
          g_sink = y[0];
        },
        timing);
  } else if (kc.name == "dot") {
    t = measure([&] { g_sink = K::dot(W.data(), x.data(), kc.cols); }, timing);
  } else if (kc.name == "axpy") {
    t = measure(
        [&] {
          K::axpy(1e-3f, x.data(), y.data(), kc.cols);
          g_sink = y[0];
        },
        timing);
  } else if (nonlinear) {
    t = measure(
        [&] {
          std::memcpy(buffer.data(), x.data(), cols * sizeof(float));
          nonlinearity(buffer.data(), kc.cols);
          g_sink = buffer[0];
        },
        timing);
  } else {
    t = measure(
        [&] {
          softmax<K>(x.data(), kc.cols, out.data());
          g_sink = out[0];
        },
        timing);
  }
  std::printf("{\"kind\":\"kernel\",\"build\":\"%s\",\"variant\":\"%s\",\"case\":%zu,",
              build_name(), K::name, index);
  std::printf("\"kernel\":\"%s\",\"label\":%s,\"rows\":%d,\"cols\":%d", kc.name.c_str(),
              json_string(kc.label).c_str(), kc.rows, kc.cols);
  print_timing(t);
  print_floats("output", result.data(), result.size());
  std::printf("}\n");
  std::fflush(stdout);
}

int kernels_main(const std::map<std::string, int>& shape, int only_case,
                 const TimingOptions& timing) {
  const int E = shape.at("embed"), H = shape.at("enc-hidden"), D = shape.at("dec-hidden");
  const int A = shape.at("attn-dim"), O = shape.at("out-hidden"), V = shape.at("tgt-vocab");
  const int T = shape.at("src-len"), C = 2 * H;
  const std::vector<KernelCase> cases = {
      {"gemv", "encoder GRU input W (3H x E)", 3 * H, E},
      {"gemv", "encoder GRU recurrent U_r,z (2H x H)", 2 * H, H},
      {"gemv", "attention keys U_a (A x 2H)", A, C},
      {"gemv", "attention question W_a (A x D)", A, D},
      {"gemv", "decoder GRU input W (3D x (E+2H))", 3 * D, E + C},
      {"gemv", "decoder GRU recurrent U_r,z (2D x D)", 2 * D, D},
      {"gemv", "output maxout O (2L x (D+E+2H))", 2 * O, D + E + C},
      {"gemv", "logits W_l (V x L)", V, O},
      {"dot", "score v_a . b_ti (A)", 1, A},
      {"axpy", "context += a_ti h_i (2H)", 1, C},
      {"tanh", "tanh of one position's b_ti (A)", 1, A},
      {"tanh", "tanh of the decoder candidate (D)", 1, D},
      {"sigmoid", "sigmoid of the decoder gates r,z (2D)", 1, 2 * D},
      {"softmax", "softmax over the source (T)", 1, T},
      {"softmax", "softmax over the vocabulary (V)", 1, V},
  };
  for (size_t index = 0; index < cases.size(); ++index) {
    if (only_case >= 0 && static_cast<size_t>(only_case) != index) continue;
#if AE_HAVE_SIMD128
    bench_kernel<SimdKernels>(cases[index], index, timing);
#endif
    bench_kernel<ScalarKernels>(cases[index], index, timing);
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// End-to-end decoding inside C++ / WebAssembly.

bool read_file(const std::string& path, std::vector<uint8_t>* bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

int decode_main(const std::string& model_path, const std::vector<std::string>& cases,
                const TimingOptions& timing) {
  std::vector<uint8_t> bytes;
  if (!read_file(model_path, &bytes)) {
    std::printf("{\"kind\":\"error\",\"error\":%s}\n",
                json_string("cannot read " + model_path).c_str());
    return 1;
  }
  ae::Model model;
  if (const ae::Status status = ae::read_model(bytes.data(), bytes.size(), &model); !status) {
    std::printf("{\"kind\":\"error\",\"error\":%s}\n", json_string(status.message()).c_str());
    return 1;
  }
  ae::Decoder decoder(model);
  ae::Trace trace;
  for (const std::string& spec : cases) {
    const size_t colon1 = spec.find(':'), colon2 = spec.find(':', colon1 + 1);
    if (colon1 == std::string::npos || colon2 == std::string::npos) {
      std::printf("{\"kind\":\"error\",\"error\":%s}\n",
                  json_string("bad case (want BEAM:MAX_LEN:TEXT): " + spec).c_str());
      return 1;
    }
    ae::DecodeOptions options;
    options.beam_width = std::atoi(spec.substr(0, colon1).c_str());
    options.max_len = std::atoi(spec.substr(colon1 + 1, colon2 - colon1 - 1).c_str());
    const std::string text = spec.substr(colon2 + 1);
    ae::Status status;
    // What Explorer.translate does inside the module, minus the conversion to JS values:
    // tokenize, clip to max_src_len, decode with the full trace.
    auto translate = [&] {
      ae::Tokenized tokens;
      ae::tokenize(text, model.src_vocab, 0, &tokens);
      if (static_cast<int>(tokens.ids.size()) > model.hyper.max_src_len)
        tokens.ids.resize(static_cast<size_t>(model.hyper.max_src_len));
      status = decoder.translate(tokens.ids, options, &trace);
    };
    translate();
    if (!status) {
      std::printf("{\"kind\":\"error\",\"error\":%s}\n", json_string(status.message()).c_str());
      return 1;
    }
    const std::vector<int> out_ids = trace.out_ids;
    const std::vector<float> alpha = trace.alpha, token_probs = trace.token_probs;
    const Timing t = measure(translate, timing);
    std::printf(
        "{\"kind\":\"decode\",\"build\":\"%s\",\"kernels\":\"%s\",\"beam\":%d,"
        "\"maxLen\":%d,\"text\":%s,\"srcLen\":%d,\"steps\":%d",
        build_name(), ae::kernels::active_variant_name(), options.beam_width, options.max_len,
        json_string(text).c_str(), trace.src_len, trace.steps);
    print_timing(t);
    print_ints("outIds", out_ids);
    print_floats("tokenProbs", token_probs.data(), token_probs.size());
    print_floats("alpha", alpha.data(), alpha.size());
    std::printf("}\n");
    std::fflush(stdout);
  }
  return 0;
}

int usage() {
  std::fprintf(stderr,
               "usage: ae_bench kernels [--embed N ...] [--case N] [TIMING]\n"
               "       ae_bench decode MODEL.aem [TIMING] BEAM:MAX_LEN:TEXT...\n"
               "TIMING: [--warmup N] [--samples N] [--min-sample-ms X] [--clock wall|cpu]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string command = argv[1];
  TimingOptions timing;
  int only_case = -1;
  std::map<std::string, int> shape{{"embed", 48},    {"enc-hidden", 64},  {"dec-hidden", 128},
                                   {"attn-dim", 64}, {"out-hidden", 128}, {"tgt-vocab", 1200},
                                   {"src-len", 20}};
  std::vector<std::string> positional;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--", 0) == 0 && i + 1 < argc) {
      const std::string key = arg.substr(2), value = argv[++i];
      if (key == "warmup") {
        timing.warmup = std::atoi(value.c_str());
      } else if (key == "samples") {
        timing.samples = std::max(0, std::atoi(value.c_str()));
      } else if (key == "clock") {
        g_cpu_clock = value == "cpu";
      } else if (key == "case") {
        only_case = std::atoi(value.c_str());
      } else if (key == "min-sample-ms") {
        timing.min_sample_ms = std::atof(value.c_str());
      } else if (shape.count(key)) {
        shape[key] = std::atoi(value.c_str());
      } else {
        std::fprintf(stderr, "ae_bench: unknown option %s\n", arg.c_str());
        return usage();
      }
    } else {
      positional.push_back(arg);
    }
  }
  if (command == "kernels") return kernels_main(shape, only_case, timing);
  if (command == "decode" && !positional.empty()) {
    const std::vector<std::string> cases(positional.begin() + 1, positional.end());
    return decode_main(positional[0], cases, timing);
  }
  return usage();
}
