// A small static file server for the browser tests: serves folders under URL prefixes, with optional response
// headers (the strict Content-Security-Policy), and records every request it answers.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/**
 * Serves `mounts` ({ '/': dir, '/control/': otherDir }, longest prefix first) on 127.0.0.1 at a free port.
 * Resolves to { url, requests, close() }; `requests` lists [status, path] for every request.
 */
export async function serveStatic(mounts, { headers = {} } = {}) {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(
      new URL(req.url, "http://localhost").pathname,
    );
    const prefix = prefixes.find((p) => path.startsWith(p));
    let status = 404;
    if (prefix !== undefined && req.method === "GET") {
      const root = mounts[prefix];
      let file = normalize(join(root, path.slice(prefix.length)));
      if (
        file === root ||
        file.startsWith(root.endsWith(sep) ? root : root + sep)
      ) {
        try {
          if ((await stat(file)).isDirectory()) file = join(file, "index.html");
          const size = (await stat(file)).size;
          status = 200;
          res.writeHead(200, {
            "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
            "Content-Length": size,
            "Cache-Control": "no-store",
            ...headers,
          });
          createReadStream(file).pipe(res);
        } catch {
          status = 404;
        }
      }
    }
    requests.push([status, path]);
    if (status !== 200) res.writeHead(status, headers).end();
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
