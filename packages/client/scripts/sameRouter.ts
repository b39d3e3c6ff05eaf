// The proof scripts/build.mjs runs on what it wrote: the router in dist/index.d.ts gives every
// procedure exactly the input and output types of the server's router, and the same errors.
// A difference is a compile error naming the procedure ("posts.list").
import type { AppRouter as Server } from "@forum/api";
import type { inferRouterError, inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter as Built } from "../dist/index";

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Paths<T> = { [R in keyof T & string]: `${R}.${keyof T[R] & string}` }[keyof T & string];
type Differing<A, B> = {
  [R in keyof A & keyof B & string]: {
    [P in keyof A[R] & keyof B[R] & string]: Same<A[R][P], B[R][P]> extends true ? never : `${R}.${P}`;
  }[keyof A[R] & keyof B[R] & string];
}[keyof A & keyof B & string];
type Verdict<A, B> = [Differing<A, B>] extends [never] ? true : Differing<A, B>;

type Outputs = [inferRouterOutputs<Server>, inferRouterOutputs<Built>];
type Inputs = [inferRouterInputs<Server>, inferRouterInputs<Built>];

export const sameProcedures: Same<Paths<Outputs[0]>, Paths<Outputs[1]>> = true;
export const sameOutputs: Verdict<Outputs[0], Outputs[1]> = true;
export const sameInputs: Verdict<Inputs[0], Inputs[1]> = true;
export const sameErrors: Same<inferRouterError<Server>, inferRouterError<Built>> = true;
