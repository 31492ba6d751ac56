// edgecall's addition to node-llama-cpp's addon: greedy sampling on the calling thread.
//
// node-llama-cpp samples every token on a worker thread, copying all n_vocab logits into a
// candidate array first (151,936 entries for Qwen: about 0.5 ms), then hands the result back to
// JavaScript through the event loop. When the sampler is plain greedy (temperature 0, no grammar,
// penalties, biases or XTC) and no probabilities are asked for, the result is just the index of
// the largest logit; this answers such calls at once, with the same tie rule as llama.cpp's greedy
// sampler (the first largest logit wins).
#pragma once

#include "napi.h"

class AddonContext;

// Answers `context.sampleToken(batchLogitIndex, sampler)` now when it is plain greedy: sets
// `result` to an already resolved promise of the token and returns true. Returns false (nothing
// done) otherwise, and always when EDGECALL_FAST_GREEDY is "0".
bool edgecallSampleFastGreedy(AddonContext* context, const Napi::CallbackInfo& info, Napi::Value& result);
