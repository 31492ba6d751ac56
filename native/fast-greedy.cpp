// See fast-greedy.h.
#include "fast-greedy.h"

#include <cstdlib>
#include <cstring>

#include "llama.h"
#include "AddonContext.h"
#include "AddonSampler.h"

namespace {

// Read on every call (it is cheap next to a decode), so a process can switch it for side-by-side
// measurements.
bool disabledByEnvironment() {
    const char* value = std::getenv("EDGECALL_FAST_GREEDY");
    return value != nullptr && std::strcmp(value, "0") == 0;
}

bool plainGreedy(const AddonSampler* sampler) {
    return !sampler->disposed && sampler->greedySampler != nullptr && sampler->tokenBiasSampler == nullptr &&
           sampler->repeatPenaltySampler == nullptr && sampler->dryRepeatPenaltySampler == nullptr &&
           sampler->xtcSampler == nullptr && sampler->grammarEvaluationState == nullptr;
}

}  // namespace

bool edgecallSampleFastGreedy(AddonContext* context, const Napi::CallbackInfo& info, Napi::Value& result) {
    if (disabledByEnvironment() || context->disposed || context->ctx == nullptr) return false;
    // A third argument asks for probabilities or confidence: node-llama-cpp's own path.
    if (info.Length() != 2 || !info[0].IsNumber() || !info[1].IsObject()) return false;
    AddonSampler* sampler = Napi::ObjectWrap<AddonSampler>::Unwrap(info[1].As<Napi::Object>());
    if (sampler == nullptr || !plainGreedy(sampler)) return false;

    const int32_t batchLogitIndex = info[0].As<Napi::Number>().Int32Value();
    // Logits already reduced by backend sampling: node-llama-cpp's own path handles them.
    if (llama_get_sampled_logits_ith(context->ctx, batchLogitIndex) != nullptr ||
        llama_get_sampled_probs_ith(context->ctx, batchLogitIndex) != nullptr) {
        return false;
    }
    const float* logits = llama_get_logits_ith(context->ctx, batchLogitIndex);
    if (logits == nullptr) return false;
    const llama_vocab* vocab = llama_model_get_vocab(llama_get_model(context->ctx));
    const int32_t vocabularySize = llama_vocab_n_tokens(vocab);
    if (vocabularySize < 1) return false;

    llama_token best = 0;
    float bestLogit = logits[0];
    for (int32_t token = 1; token < vocabularySize; token++) {
        if (logits[token] > bestLogit) {
            best = token;
            bestLogit = logits[token];
        }
    }
    sampler->acceptToken(best);

    Napi::Env env = info.Env();
    Napi::Promise::Deferred deferred = Napi::Promise::Deferred::New(env);
    deferred.Resolve(Napi::Number::New(env, static_cast<uint32_t>(best)));
    result = deferred.Promise();
    return true;
}
