// JSON bodies: Fastify's safe parser (prototype-poisoning checks), except that an empty body
// is accepted as "no input", since clients send Content-Type on body-less writes like logout.
import type { FastifyInstance } from "fastify";

export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    parseJson(request, text, done);
  });
}
