// widgets/static/tables_address.js: built by scripts/build_js.py (esbuild 0.28.2) from widgets/js/tables_address.js; do not edit. sources-sha256: 3d96293efb4cac15f47f4997bd2c7a1f2d6ceb3fc52dfbbcc1843df56122a939

// widgets/js/tables_address.js
function render({ model, el }) {
  el.setAttribute("hidden", "");
  const write = () => {
    const query = model.get("query") || {};
    const url = new URL(globalThis.location.href);
    for (const key of ["table", "token", "lang"]) {
      if (query[key]) url.searchParams.set(key, query[key]);
      else url.searchParams.delete(key);
    }
    if (url.href !== globalThis.location.href) globalThis.history.replaceState(globalThis.history.state, "", url.href);
  };
  write();
  model.on("change:query", write);
  return () => model.off("change:query", write);
}
var tables_address_default = { render };
export {
  tables_address_default as default
};
