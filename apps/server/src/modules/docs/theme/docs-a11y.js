/* global document, MutationObserver -- runs in the browser, beside Swagger UI */
// Swagger UI leaves its intro and server picker outside any landmark, the picker unnamed, and its headings jumping
// from h1 to h3. Mended here on whatever it draws, so the page passes the same accessibility checks as the portal.
(function () {
  var root = document.getElementById('swagger-ui');
  function set(selector, attributes) {
    root.querySelectorAll(selector).forEach(function (element) {
      Object.keys(attributes).forEach(function (name) {
        if (element.getAttribute(name) !== attributes[name]) element.setAttribute(name, attributes[name]);
      });
    });
  }
  function mend() {
    set('.information-container', { role: 'banner' });
    set('.scheme-container', { role: 'region', 'aria-label': 'Server and authorization' });
    set('#servers', { 'aria-label': 'Server' });
    set('h3.opblock-tag, section.models > h4', { 'aria-level': '2' });
    set('.opblock h4, .opblock-title', { 'aria-level': '3' });
  }
  new MutationObserver(mend).observe(root, { childList: true, subtree: true, attributes: false });
})();
