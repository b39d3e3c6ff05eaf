import { describe, expect, it } from "vitest";
import {
  adSettingsInput,
  createCategoryInput,
  createPostInput,
  listPostsInput,
  registerInput,
  slugify,
  updatePostInput,
  updateProfileInput,
} from "../src";

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe("slugify", () => {
  it("makes lower-case hyphenated slugs without accents or symbols", () => {
    expect(slugify("Is TypeScript's strict mode worth it?")).toBe("is-typescript-s-strict-mode-worth-it");
    expect(slugify("Café  Déjà-vu!")).toBe("cafe-deja-vu");
    expect(slugify("!!!")).toBe("item");
    expect(slugify("a".repeat(200)).length).toBeLessThanOrEqual(80);
  });
});

describe("post inputs", () => {
  it("trims and requires title, content and category with the spec's message", () => {
    expect(firstMessage(createPostInput.safeParse({ title: "  ", content: "c", categoryId: 1 }))).toBe(
      "Please fill in all required fields",
    );
    expect(firstMessage(createPostInput.safeParse({ title: "t", content: "c" }))).toBe(
      "Please fill in all required fields",
    );
    expect(firstMessage(createPostInput.safeParse({ title: "t", content: "c", categoryId: "" }))).toBe(
      "Please fill in all required fields",
    );
    const parsed = createPostInput.parse({ title: " Title ", content: " Body ", categoryId: "3", excerpt: "" });
    expect(parsed).toEqual({ title: "Title", content: "Body", categoryId: 3, excerpt: null });
  });

  it("says which field has the wrong type", () => {
    expect(firstMessage(createPostInput.safeParse({ title: 5, content: "c", categoryId: 1 }))).toBe(
      "Title must be text",
    );
  });

  it("uses the admin list's message for a blank title on edit", () => {
    expect(firstMessage(updatePostInput.safeParse({ id: 1, title: "", content: "c", categoryId: 1 }))).toBe(
      "Post title is required",
    );
  });

  it("defaults list paging to 20 and caps it at 100", () => {
    expect(listPostsInput.parse({})).toEqual({ sortBy: "hot", offset: 0, limit: 20 });
    expect(listPostsInput.safeParse({ limit: "101" }).success).toBe(false);
    expect(firstMessage(listPostsInput.safeParse({ sortBy: "best" }))).toMatch(/^sortBy must be one of hot, new/);
  });
});

describe("other inputs", () => {
  it("normalises category colours and requires name and description", () => {
    expect(createCategoryInput.parse({ name: "N", description: "D", color: "10B981" }).color).toBe("#10b981");
    expect(createCategoryInput.parse({ name: "N", description: "D", color: "#abc" }).color).toBe("#aabbcc");
    expect(firstMessage(createCategoryInput.safeParse({ name: "N", description: " " }))).toBe(
      "Please fill in all required fields",
    );
  });

  it("takes a whole number of ads between posts from 1 to 10 and refuses anything else (issue 13)", () => {
    expect(adSettingsInput.parse({ enableAds: true, adsBetweenPosts: "7" }).adsBetweenPosts).toBe(7);
    for (const adsBetweenPosts of ["abc", 0, 11, 2.5, ""]) {
      expect(firstMessage(adSettingsInput.safeParse({ enableAds: true, adsBetweenPosts }))).toBe(
        "Ads between posts must be a whole number from 1 to 10",
      );
    }
  });

  it("refuses a website with spaces in any URL parser (Chromium percent-encodes them, Node refuses)", () => {
    const profile = { id: 1, website: "not a web address" };
    expect(firstMessage(updateProfileInput.safeParse(profile))).toBe(
      "Website must be a web address such as https://example.com",
    );
    expect(updateProfileInput.parse({ id: 1, website: "example.com/path" }).website).toBe("https://example.com/path");
  });

  it("checks registration fields", () => {
    expect(firstMessage(registerInput.safeParse({ username: "ab", email: "a@b.co", password: "longenough" }))).toMatch(
      /^Username must be 3 to 32/,
    );
    expect(firstMessage(registerInput.safeParse({ username: "abc", email: "nope", password: "longenough" }))).toBe(
      "Please enter a valid email address",
    );
    expect(firstMessage(registerInput.safeParse({ username: "abc", email: "a@b.co", password: "short" }))).toBe(
      "Password must be at least 8 characters",
    );
  });
});
