// The ipywidgets HTML manager loads the "anywidget" front end with require.js, and finds its own
// icon fonts beside its module path: point both at the copies this site serves, not at a CDN.
(function () {
  var here = document.currentScript.src;
  window.requirejs.config({
    paths: {
      anywidget: new URL("anywidget/index", here).href,
      "@jupyter-widgets/html-manager/dist": new URL("html-manager", here).href,
      // the bundled @jupyter-widgets/* modules take their font folder from this path too
      "@jupyter-widgets": new URL("html-manager", here).href,
    },
  });
})();
