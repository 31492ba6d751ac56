// See persistent-threadpool.h.
#include "persistent-threadpool.h"

#include <cstdlib>
#include <cstring>

#include "ggml-backend.h"
#include "ggml-cpu.h"

namespace {

using ThreadpoolNew = decltype(ggml_threadpool_new);
using ThreadpoolFree = decltype(ggml_threadpool_free);

// The CPU backend is a separately loaded library (one per CPU variant), so its pool functions are
// looked up through the backend registry, as llama-bench does.
template <typename Function>
Function* cpuFunction(const char* name) {
    ggml_backend_dev_t device = ggml_backend_dev_by_type(GGML_BACKEND_DEVICE_TYPE_CPU);
    if (device == nullptr) return nullptr;
    ggml_backend_reg_t registry = ggml_backend_dev_backend_reg(device);
    return registry == nullptr ? nullptr : reinterpret_cast<Function*>(ggml_backend_reg_get_proc_address(registry, name));
}

bool disabledByEnvironment() {
    const char* value = std::getenv("EDGECALL_GGML_THREADPOOL");
    return value != nullptr && std::strcmp(value, "0") == 0;
}

}  // namespace

void edgecallEnsureThreadpool(llama_context* context, int threads, EdgecallThreadpool& state) {
    if (context == nullptr || threads < 1 || threads <= state.threads || disabledByEnvironment()) return;
    ThreadpoolNew* create = cpuFunction<ThreadpoolNew>("ggml_threadpool_new");
    if (create == nullptr) return;
    ggml_threadpool_params params = ggml_threadpool_params_default(threads);
    ggml_threadpool* pool = create(&params);
    if (pool == nullptr) return;
    llama_attach_threadpool(context, pool, nullptr);
    edgecallReleaseThreadpool(state);
    state.pool = pool;
    state.threads = threads;
}

void edgecallReleaseThreadpool(EdgecallThreadpool& state) {
    if (state.pool == nullptr) return;
    ThreadpoolFree* release = cpuFunction<ThreadpoolFree>("ggml_threadpool_free");
    if (release != nullptr) release(state.pool);
    state.pool = nullptr;
    state.threads = 0;
}
