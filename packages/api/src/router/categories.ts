import { createCategoryInput, idInput, slugInput, updateCategoryInput } from "@forum/contracts";
import { cachePolicy } from "../cache/policy";
import {
  createCategory,
  deleteCategory,
  findCategoryBySlug,
  listCategories,
  trendingTopics,
  updateCategory,
} from "../services/categories";
import { toCategory } from "../services/mappers";
import { adminProcedure, publicProcedure, router } from "../trpc";

export const categoriesRouter = router({
  // A category shows its post count: posts are read too.
  list: publicProcedure
    .meta(cachePolicy(["categories", "posts"]))
    .query(({ ctx }) => ctx.sharedAnswer(async () => (await listCategories(ctx.db)).map(toCategory))),
  bySlug: publicProcedure
    .meta(cachePolicy(["categories", "posts"]))
    .input(slugInput)
    .query(({ ctx, input }) => ctx.sharedAnswer(async () => toCategory(await findCategoryBySlug(ctx.db, input.slug)))),
  trendingTopics: publicProcedure
    .meta(cachePolicy(["categories", "posts", "replies", "votes"], { sharedBy: "everyone", window: "minute" }))
    .query(({ ctx }) => ctx.sharedAnswer(() => trendingTopics(ctx.db))),
  create: adminProcedure
    .meta({ writes: ["categories"] })
    .input(createCategoryInput)
    .mutation(async ({ ctx, input }) => toCategory(await createCategory(ctx.db, input))),
  update: adminProcedure
    .meta({ writes: ["categories"] })
    .input(updateCategoryInput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      return toCategory(await updateCategory(ctx.db, id, fields));
    }),
  delete: adminProcedure
    .meta({ writes: ["categories", "posts"] })
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      await deleteCategory(ctx.db, input.id);
      return { message: "Category deleted successfully" };
    }),
});
