// Starts Swagger UI on /api/docs with the forum's own document. A file of its own, never an inline
// script, so the page runs under a Content-Security-Policy that allows scripts from 'self' only.
// No outside host is contacted: the validator badge (validator.swagger.io) is switched off.
/* global SwaggerUIBundle */
SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#reference",
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  deepLinking: true,
  validatorUrl: null,
  // "Try it out" sends the session cookie of this browser, as the forum's own pages do; or, once a
  // reader pastes an API token under Authorize (the document's bearer scheme), that token.
  withCredentials: true,
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  filter: true,
});
