// Forms that work before the web app is live, or without JavaScript (issue 26): the sign-in and
// registration forms post to their own screen (/auth?tab=…), the reply box to its post's page.
// Each calls the same procedure as the app and answers with a redirect (303), carrying the
// message the app's toast would have shown as a flash (./flash.ts): where the person was sent
// (the return path, the new reply) on success, back to the form with what was typed on failure.
// Form bodies are parsed for these routes only: the API doors keep taking JSON alone.
// A sign-in with two-step sign-in on goes back to the sign-in screen with the challenge in the
// flash (an HttpOnly cookie, then the page's data; never the address), where the code's form
// posts it with the code.
import { createCaller } from "@forum/api";
import {
  type Flash,
  FORM_SUCCESS,
  type NativeForm,
  ownReturnPath,
  RESUME_ACTIONS,
  secondStepFailure,
  signInFailure,
  TWO_STEP_MESSAGES,
} from "@forum/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContextFactory } from "./context";
import { setFlash } from "./flash";
import { errorItem } from "./trpcQueries";

const FORM_BODY_LIMIT = 64 * 1024;
const REPLY_FAILED = "Failed to post reply";

type Fields = Record<string, string>;

/** A form's fields; anything that is not text (a JSON body's numbers, say) reads as empty. */
function fieldsOf(body: unknown): Fields {
  const fields: Fields = {};
  if (typeof body !== "object" || body === null) return fields;
  for (const [name, value] of Object.entries(body)) if (typeof value === "string") fields[name] = value;
  return fields;
}

/** An id field as the schema checks it: a number when it is one, else the text (refused as such). */
function idOf(value: string | undefined): unknown {
  if (value === undefined || value === "") return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export function registerNativeForms(
  app: FastifyInstance,
  options: { contextFor: ContextFactory; secureCookies: boolean },
): void {
  const redirectWith = (reply: FastifyReply, location: string, flash: Flash) => {
    setFlash(reply, flash, options.secureCookies);
    return reply.header("cache-control", "no-store").redirect(location, 303);
  };

  const signIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, string | undefined>;
    const form: NativeForm = query.tab === "register" ? "register" : "login";
    const fields = fieldsOf(request.body);
    const api = createCaller(await options.contextFor(request, reply));
    // Back to the same screen and tab, the return path kept.
    const screen = `${request.routeOptions.url}?${new URLSearchParams({ ...query, tab: form } as Fields)}`;
    if (form === "login" && fields.challenge !== undefined) {
      try {
        await api.auth.secondStep({ challenge: fields.challenge, code: fields.code ?? "" });
      } catch (cause) {
        const failure = errorItem(cause);
        const message = failure.body.error.message;
        // A wrong code keeps the challenge for another try; one that ran out starts over.
        const values: Fields = message === TWO_STEP_MESSAGES.challengeExpired ? {} : { challenge: fields.challenge };
        const text = secondStepFailure(failure.httpStatus, message);
        return redirectWith(reply, screen, { ...text, color: "red", form, values });
      }
      return signedIn(reply, form, query);
    }
    try {
      if (form === "login") {
        const answer = await api.auth.login({ username: fields.username ?? "", password: fields.password ?? "" });
        if ("secondStep" in answer) {
          // No message: the form of the second step says what to do.
          const values = { username: fields.username ?? "", challenge: answer.challenge };
          return redirectWith(reply, screen, { title: "", message: "", color: "green", form, values });
        }
      } else {
        await api.auth.register({
          username: fields.username ?? "",
          email: fields.email ?? "",
          password: fields.password ?? "",
          confirmPassword: fields.confirmPassword ?? "",
        });
      }
    } catch (cause) {
      const failure = errorItem(cause);
      const text = signInFailure(form, failure.httpStatus, failure.body.error.message);
      // What was typed, never the password.
      const values: Fields =
        form === "login"
          ? { username: fields.username ?? "" }
          : { username: fields.username ?? "", email: fields.email ?? "" };
      return redirectWith(reply, screen, { ...text, color: "red", form, values });
    }
    return signedIn(reply, form, query);
  };

  /** Signed in: to the return path; the vote or new post that sent the visitor here is done there. */
  const signedIn = (reply: FastifyReply, form: NativeForm, query: Record<string, string | undefined>) => {
    const resume = RESUME_ACTIONS.find((action) => action === query.resume);
    return redirectWith(reply, ownReturnPath(query.next), { ...FORM_SUCCESS[form], color: "green", resume });
  };

  const postReply = async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
    const here = `/posts/${encodeURIComponent(request.params.slug)}`;
    const context = await options.contextFor(request, reply);
    // Signed out (or the session ran out): to the sign-in screen, which returns here.
    if (!context.user) return reply.redirect(`/auth?${new URLSearchParams({ next: here, reason: "reply" })}`, 303);
    const fields = fieldsOf(request.body);
    const content = fields.content ?? "";
    try {
      const created = await createCaller(context).replies.create({
        postId: idOf(fields.postId) as number,
        content,
        replyToId: (idOf(fields.replyToId) ?? null) as number | null,
      });
      return redirectWith(reply, `${here}#reply-${created.id}`, { ...FORM_SUCCESS.reply, color: "green" });
    } catch (cause) {
      const failure = errorItem(cause);
      // As the app's toast: the server's own message for what the member can change.
      const message = failure.httpStatus < 500 ? failure.body.error.message || REPLY_FAILED : REPLY_FAILED;
      return redirectWith(reply, here, { title: "Error", message, color: "red", form: "reply", values: { content } });
    }
  };

  void app.register(async (forms) => {
    forms.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    forms.post("/auth", signIn);
    forms.post("/login", signIn);
    forms.post("/posts/:slug", postReply);
  });
}
