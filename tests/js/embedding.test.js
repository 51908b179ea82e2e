// The WASM travels inside web/lib/narrowphase.wasm.js deflated and base64-encoded; wasmBinary() inflates it
// with zlib where Node offers it synchronously and with DecompressionStream elsewhere (browsers, older Node).
// Both paths must give the same bytes, a valid module, and a clear error where neither exists.
import { inflateSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { wasmBinary, wasmDeflated } from "../../web/lib/narrowphase.wasm.js";

const saved = {
  getBuiltinModule: process.getBuiltinModule,
  DecompressionStream: globalThis.DecompressionStream,
};
afterEach(() => {
  process.getBuiltinModule = saved.getBuiltinModule;
  globalThis.DecompressionStream = saved.DecompressionStream;
});

const reference = () =>
  new Uint8Array(inflateSync(Buffer.from(wasmDeflated, "base64")));

describe("wasmBinary", () => {
  it("inflates to a valid WASM module (magic number, version 1, WebAssembly.validate)", async () => {
    const bytes = await wasmBinary();
    expect([...bytes.subarray(0, 8)]).toEqual([
      0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ]);
    expect(WebAssembly.validate(bytes)).toBe(true);
    expect(Buffer.compare(bytes, reference())).toBe(0);
  });

  it("gives the same bytes through DecompressionStream (browsers, Node before 20.16)", async () => {
    process.getBuiltinModule = undefined;
    const bytes = await wasmBinary();
    expect(bytes.length).toBe(reference().length);
    expect(Buffer.compare(bytes, reference())).toBe(0);
  });

  it("rejects with a message naming DecompressionStream where neither zlib nor it exists", async () => {
    process.getBuiltinModule = undefined;
    globalThis.DecompressionStream = undefined;
    await expect(wasmBinary()).rejects.toThrow(
      /narrowphase: init\(\) needs DecompressionStream/,
    );
  });
});
