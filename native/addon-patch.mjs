/**
 * The edits that add edgecall's two additions to node-llama-cpp's addon sources: a persistent ggml
 * thread pool per context (native/persistent-threadpool.cpp) and plain greedy sampling answered on
 * the calling thread (native/fast-greedy.cpp). Each edit inserts one line after an anchor that must occur
 * exactly once in the file, so a node-llama-cpp whose sources moved is refused by name instead of
 * being patched in the wrong place. Pure: texts in, texts (or the reason) out.
 */

/** The node-llama-cpp version whose addon sources these anchors were written against. */
export const patchedNodeLlamaCppVersion = "3.21.1";

/**
 * @typedef {{ file: string, anchor: string, insert: string }} AddonEdit
 * One line (`insert`) placed right after the single occurrence of `anchor` in `file`.
 */

/** @type {readonly AddonEdit[]} */
export const addonEdits = [
  {
    file: "AddonContext.h",
    anchor: '#include "llama.h"\n',
    insert: '#include "persistent-threadpool.h"\n',
  },
  {
    file: "AddonContext.h",
    anchor: "        llama_context* ctx = nullptr;\n",
    insert: "        EdgecallThreadpool edgecallThreadpool;\n",
  },
  {
    // The context has just been created on the worker thread: attach its pool.
    file: "AddonContext.cpp",
    anchor: "                context->contextLoaded = context->ctx != nullptr;\n",
    insert:
      "                if (context->contextLoaded) edgecallEnsureThreadpool(context->ctx, llama_n_threads(context->ctx), context->edgecallThreadpool);\n",
  },
  {
    // The context is freed: its pool goes with it (never before: the context may still use it).
    file: "AddonContext.cpp",
    anchor: "        llama_free(currentCtx);\n",
    insert: "        edgecallReleaseThreadpool(edgecallThreadpool);\n",
  },
  {
    // The thread count changed: make sure the pool is big enough.
    file: "AddonContext.cpp",
    anchor: "        llama_set_n_threads(ctx, resolvedThreads, resolvedThreads);\n",
    insert: "        edgecallEnsureThreadpool(ctx, resolvedThreads, edgecallThreadpool);\n",
  },
  {
    file: "AddonContext.cpp",
    anchor: '#include "AddonContext.h"\n',
    insert: '#include "fast-greedy.h"\n',
  },
  {
    // Plain greedy sampling is answered at once, on the calling thread (fast-greedy.h).
    file: "AddonContext.cpp",
    anchor: "Napi::Value AddonContext::SampleToken(const Napi::CallbackInfo& info) {\n",
    insert:
      "    { Napi::Value edgecallFast; if (edgecallSampleFastGreedy(this, info, edgecallFast)) return edgecallFast; }\n",
  },
];

function countOccurrences(text, needle) {
  let count = 0;
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + needle.length)) {
    count += 1;
  }
  return count;
}

/**
 * Applies `edits` to `sources` (file name to text).
 * @param {Readonly<Record<string, string>>} sources
 * @param {readonly AddonEdit[]} [edits]
 * @returns {{ ok: true, sources: Record<string, string> } | { ok: false, reason: string }}
 */
export function patchAddonSources(sources, edits = addonEdits) {
  const patched = { ...sources };
  for (const edit of edits) {
    const text = patched[edit.file];
    if (text === undefined) return { ok: false, reason: `${edit.file} is missing from the addon sources` };
    const count = countOccurrences(text, edit.anchor);
    if (count !== 1) {
      return {
        ok: false,
        reason: `${edit.file}: expected the line ${JSON.stringify(edit.anchor.trim())} once, found it ${count} times`,
      };
    }
    patched[edit.file] = text.replace(edit.anchor, () => edit.anchor + edit.insert);
  }
  return { ok: true, sources: patched };
}

/** The file names {@link patchAddonSources} reads. */
export function editedFiles(edits = addonEdits) {
  return [...new Set(edits.map((edit) => edit.file))];
}
