// edgecall's addition to node-llama-cpp's addon: one persistent ggml thread pool per context.
//
// Without a pool attached, ggml's CPU backend creates and joins its worker threads on every graph
// computation, i.e. on every decoded token. llama-bench (and llama.cpp's own tools) attach a pool
// that lives as long as the context. See docs/benchmarks.md "Native build" for the measurements.
#pragma once

#include "llama.h"

struct ggml_threadpool;

// The pool a context keeps, and how many threads it was made with.
struct EdgecallThreadpool {
    ggml_threadpool* pool = nullptr;
    int threads = 0;
};

// Makes sure `context` runs on a pool of at least `threads` threads: creates one (ggml's default
// parameters, as llama-bench uses) and attaches it for single-token and batch decoding, or replaces
// a smaller one. A larger pool is kept: ggml then uses only the threads the context asks for, so a
// thread count that goes down and up again does not churn pools. Keeps the current state when no
// pool can be made, and attaches nothing when EDGECALL_GGML_THREADPOOL is "0" (node-llama-cpp's
// behaviour, for side-by-side measurements).
void edgecallEnsureThreadpool(llama_context* context, int threads, EdgecallThreadpool& state);

// Frees the pool; call it after llama_free of the context that used it.
void edgecallReleaseThreadpool(EdgecallThreadpool& state);
