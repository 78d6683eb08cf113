// plotly.js for the widgets' plots, served by the kernel (widgets/_plotly_js.py): no CDN is needed,
// nor reachable in a classroom that is offline. Loaded once per page and shared by every widget on it.
// Imported by the boards that plot (esbuild bundles it into each one).

export function loadPlotly(model) {
  if (globalThis.Plotly) return Promise.resolve(globalThis.Plotly);
  if (!globalThis.__pokelabPlotly) {
    globalThis.__pokelabPlotly = new Promise((resolve, reject) => {
      const onMsg = (msg, buffers) => {
        if (!msg || msg.type !== "plotly_js") return;
        model.off("msg:custom", onMsg);
        try {
          const buf = buffers && buffers[0];
          const bytes = buf instanceof DataView
            ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)
            : new Uint8Array(buf.buffer ? buf.buffer : buf);
          const source = new TextDecoder().decode(bytes);
          const module = { exports: {} };
          new Function("module", "exports", source)(module, module.exports);
          resolve(globalThis.Plotly || module.exports);
        } catch (err) {
          globalThis.__pokelabPlotly = null;
          reject(err);
        }
      };
      model.on("msg:custom", onMsg);
      model.send({ type: "plotly_js" });
    });
  }
  return globalThis.__pokelabPlotly;
}
