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

// One widget's plotly: `get()` is plotly once it is here, else null; the first `get()` asks for it,
// and `ready(plotly)` runs once when it arrives (the widget draws its latest figure then), `failed(err)`
// if it cannot. However many figures arrive meanwhile, one request is made and one `ready` runs:
// each waiting draw used to add its own, and a later one emptied the chart an earlier one had just
// drawn, which plotly.react, seeing the same figure, never drew again (issue 31: lesson 21 after
// Run All, where the board's figure changes again before the busy kernel answers).
export function plotlyLoader(model, { ready, failed }) {
  let plotly = null;
  let asked = false;
  return {
    get() {
      if (plotly || asked) return plotly;
      asked = true;
      loadPlotly(model).then(
        (P) => { plotly = P; ready(P); },
        (err) => { asked = false; failed(err); },  // the next figure asks again
      );
      return null;
    },
  };
}
