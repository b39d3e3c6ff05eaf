import {
  categoryViewSchema,
  createCategoryInput,
  idInput,
  MESSAGES,
  messageViewSchema,
  slugInput,
  trendingTopicSchema,
  updateCategoryInput,
} from "@forum/contracts";
import { z } from "zod";
import { cachePolicy } from "../cache/policy";
import { answer } from "../describe";
import {
  createCategory,
  deleteCategory,
  findCategoryBySlug,
  listCategories,
  trendingTopics,
  updateCategory,
} from "../services/categories";
import { toCategory } from "../services/mappers";
import { changeRow, type RowChange } from "../staffLog/rowChange";
import { adminProcedure, publicProcedure, router } from "../trpc";

const CATEGORY_FIELDS = ["name", "slug", "description", "color"] as const;
const categoryChange = <T>(action: RowChange<T>["action"], id: RowChange<T>["id"]): RowChange<T> => ({
  action,
  targetType: "category",
  table: "categories",
  id,
  fields: CATEGORY_FIELDS,
  label: (row) => String(row.name),
});

export const categoriesRouter = router({
  // A category shows its post count: posts are read too.
  list: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/categories", from: "none" },
      summary: "Every category",
      ...cachePolicy(["categories", "posts"]),
    })
    .output(answer(z.array(categoryViewSchema)))
    .query(async ({ ctx }) => (await listCategories(ctx.db)).map(toCategory)),
  bySlug: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/categories/:slug", from: "none" },
      summary: "One category",
      failures: { 404: MESSAGES.categoryNotFound },
      ...cachePolicy(["categories", "posts"]),
    })
    .input(slugInput)
    .output(answer(categoryViewSchema))
    .query(async ({ ctx, input }) => toCategory(await findCategoryBySlug(ctx.db, input.slug))),
  trendingTopics: publicProcedure
    .meta({
      rest: { method: "GET", path: "/api/trending-topics", from: "none" },
      summary: "Categories by discussions started in the last 7 days, busiest first",
      ...cachePolicy(["categories", "posts", "replies", "votes"], { sharedBy: "everyone", window: "minute" }),
    })
    .output(answer(z.array(trendingTopicSchema)))
    .query(({ ctx }) => trendingTopics(ctx.db)),
  create: adminProcedure
    .meta({
      rest: { method: "POST", path: "/api/categories", status: 201 },
      summary: "Create a category (names are unique, case-insensitively)",
      failures: { 409: MESSAGES.categoryNameTaken },
      writes: ["categories", "staffLog"],
    })
    .input(createCategoryInput)
    .output(answer(categoryViewSchema))
    .mutation(async ({ ctx, input }) =>
      toCategory(
        await changeRow(
          ctx,
          categoryChange("category.create", (row: { id: number }) => row.id),
          (trx) => createCategory(trx, input),
        ),
      ),
    ),
  update: adminProcedure
    .meta({
      rest: { method: "PUT", path: "/api/categories/:id" },
      summary: "Rename or recolour a category (its slug stays)",
      failures: { 404: MESSAGES.categoryNotFound, 409: MESSAGES.categoryNameTaken },
      writes: ["categories", "staffLog"],
    })
    .input(updateCategoryInput)
    .output(answer(categoryViewSchema))
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      return toCategory(
        await changeRow(ctx, categoryChange("category.edit", id), (trx) => updateCategory(trx, id, fields)),
      );
    }),
  delete: adminProcedure
    .meta({
      rest: { method: "DELETE", path: "/api/categories/:id", from: "none" },
      summary: "Delete a category that has no posts",
      failures: { 404: MESSAGES.categoryNotFound, 409: MESSAGES.categoryHasPosts },
      writes: ["categories", "posts", "staffLog"],
    })
    .input(idInput)
    .output(answer(messageViewSchema))
    .mutation(async ({ ctx, input }) => {
      await changeRow(ctx, categoryChange("category.delete", input.id), (trx) => deleteCategory(trx, input.id));
      return { message: "Category deleted successfully" };
    }),
});
