import { createCategoryInput, idInput, slugInput, updateCategoryInput } from "@forum/contracts";
import {
  createCategory,
  deleteCategory,
  findCategoryBySlug,
  listCategories,
  trendingTopics,
  updateCategory,
} from "../services/categories";
import { toCategory } from "../services/mappers";
import { adminProcedure, cachedRead, minuteBucket, router, visitorReadProcedure } from "../trpc";

export const categoriesRouter = router({
  list: visitorReadProcedure.query(({ ctx }) =>
    cachedRead(ctx, "categories.list", async () => (await listCategories(ctx.db)).map(toCategory)),
  ),
  bySlug: visitorReadProcedure
    .input(slugInput)
    .query(({ ctx, input }) =>
      cachedRead(ctx, `categories.bySlug ${input.slug}`, async () =>
        toCategory(await findCategoryBySlug(ctx.db, input.slug)),
      ),
    ),
  trendingTopics: visitorReadProcedure.query(({ ctx }) =>
    cachedRead(ctx, `categories.trendingTopics ${minuteBucket()}`, () => trendingTopics(ctx.db)),
  ),
  create: adminProcedure
    .input(createCategoryInput)
    .mutation(async ({ ctx, input }) => toCategory(await createCategory(ctx.db, input))),
  update: adminProcedure.input(updateCategoryInput).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    return toCategory(await updateCategory(ctx.db, id, fields));
  }),
  delete: adminProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await deleteCategory(ctx.db, input.id);
    return { message: "Category deleted successfully" };
  }),
});
