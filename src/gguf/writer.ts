/**
 * A streaming GGUF v3 writer. The header (metadata and tensor infos) is encoded up front; tensor
 * data is then pulled from a producer tensor by tensor, chunk by chunk, and written to a file
 * stream with backpressure, each tensor followed by zero padding up to the alignment, so that the
 * offsets are exactly those gguf.cpp expects. The whole model is never held in memory.
 */
import { createWriteStream, statSync, type WriteStream } from "node:fs";
import { EdgecallError } from "../errors.js";
import { encodeGgufHeader, type GgufTensorDescriptor, type GgufWriteKv } from "./writer-header.js";

export {
  alignUp,
  encodeGgufHeader,
  type GgufLayout,
  type GgufScalarTypeName,
  type GgufTensorDescriptor,
  type GgufWriteKv,
  type GgufWriteValue,
  ggufKv,
  tensorByteSize,
} from "./writer-header.js";

/** Chunks of one tensor's data, in order; together exactly the tensor's byte size. */
export type TensorChunks = Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

/** What {@link writeGguf} needs. */
export interface GgufWriteRequest {
  path: string;
  metadata: readonly GgufWriteKv[];
  tensors: readonly GgufTensorDescriptor[];
  /** Returns the data of tensor `index`; called once per tensor, in order. */
  produce: (tensor: GgufTensorDescriptor, index: number) => TensorChunks;
  /** Called after each tensor with the number of tensors written and the total. */
  onTensorWritten?: (done: number, total: number) => void;
}

/** The result of a write. */
export interface GgufWriteResult {
  bytes: number;
  tensorCount: number;
}

const zeroPadding = new Uint8Array(64 * 1024);

/** Writes to a stream, waiting for 'drain' when its buffer is full, failing on stream errors. */
class BackpressureSink {
  private failure: Error | undefined;
  written = 0;

  constructor(
    private readonly stream: WriteStream,
    private readonly path: string,
  ) {
    stream.on("error", (error) => {
      this.failure ??= this.named(error);
    });
  }

  /** A file-system error as a harness error naming the file (e.g. ENOSPC, EISDIR, ENOENT). */
  private named(error: Error): EdgecallError {
    return new EdgecallError("internal", `could not write ${this.path}: ${error.message}`, {
      subject: this.path,
      cause: error,
    });
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    if (chunk.length === 0) return;
    this.written += chunk.length;
    if (!this.stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          this.stream.off("error", onError);
          resolve();
        };
        const onError = (error: Error) => {
          this.stream.off("drain", onDrain);
          reject(this.named(error));
        };
        this.stream.once("drain", onDrain);
        this.stream.once("error", onError);
      });
    }
  }

  async zeros(count: number): Promise<void> {
    let left = count;
    while (left > 0) {
      const size = Math.min(left, zeroPadding.length);
      await this.write(zeroPadding.subarray(0, size));
      left -= size;
    }
  }

  /**
   * Flushes and closes the file. Errors of writes still buffered when `close` is called (a full
   * disk shows up here when everything fit in the stream's buffer) reject it.
   */
  async close(): Promise<void> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => {
      this.stream.end((error?: Error | null) => {
        const failure = this.failure ?? (error ? this.named(error) : undefined);
        if (failure) reject(failure);
        else resolve();
      });
    });
  }

  destroy(): void {
    this.stream.destroy();
  }
}

/**
 * Writes a GGUF v3 file at `request.path` (created or truncated). Each tensor's chunks must add
 * up to exactly its byte size for its type and shape, else the write fails with "internal".
 */
export async function writeGguf(request: GgufWriteRequest): Promise<GgufWriteResult> {
  const layout = encodeGgufHeader(request.metadata, request.tensors);
  const stream = createWriteStream(request.path, { highWaterMark: 4 * 1024 * 1024 });
  const sink = new BackpressureSink(stream, request.path);
  try {
    await sink.write(layout.header);
    for (let index = 0; index < request.tensors.length; index++) {
      const tensor = request.tensors[index]!;
      const { byteSize } = layout.tensors[index]!;
      const start = sink.written;
      for await (const chunk of request.produce(tensor, index)) {
        if (sink.written - start + chunk.length > byteSize) {
          throw new EdgecallError(
            "internal",
            `tensor ${tensor.name}: producer gave more than its ${byteSize} bytes`,
            { subject: tensor.name },
          );
        }
        await sink.write(chunk);
      }
      const given = sink.written - start;
      if (given !== byteSize) {
        throw new EdgecallError(
          "internal",
          `tensor ${tensor.name}: producer gave ${given} bytes, expected ${byteSize}`,
          { subject: tensor.name },
        );
      }
      const padded = layout.dataStart + layout.tensors[index]!.offset + byteSize;
      const next =
        index + 1 < layout.tensors.length
          ? layout.dataStart + layout.tensors[index + 1]!.offset
          : layout.fileSize;
      await sink.zeros(next - padded);
      request.onTensorWritten?.(index + 1, request.tensors.length);
    }
    await sink.close();
  } catch (error) {
    sink.destroy();
    throw error;
  }
  const onDisk = statSync(request.path).size;
  if (sink.written !== layout.fileSize || onDisk !== layout.fileSize) {
    throw new EdgecallError(
      "internal",
      `GGUF writer wrote ${sink.written} bytes (${onDisk} on disk) to ${request.path}, expected ${layout.fileSize}`,
      { subject: request.path },
    );
  }
  return { bytes: layout.fileSize, tensorCount: request.tensors.length };
}
