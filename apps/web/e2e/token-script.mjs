// A member's script, as the README shows it: the typed client with an API token (FORUM_URL,
// FORUM_TOKEN). Prints who it is and the post it made, or the refusal's status and message.
// Imported from the client's build, as an installed package would be.
import { createForumClient, TRPCClientError } from "../../../packages/client/dist/index.js";

const forum = createForumClient({ url: process.env.FORUM_URL, token: process.env.FORUM_TOKEN });
try {
  const me = await forum.auth.me.query();
  const [category] = await forum.categories.list.query();
  const post = await forum.posts.create.mutate({
    title: process.env.POST_TITLE ?? "From a script",
    content: "Posted with an API token",
    categoryId: category.id,
  });
  console.log(`${me.username} posted /posts/${post.slug}`);
} catch (error) {
  if (!(error instanceof TRPCClientError)) throw error;
  console.log(`${error.data?.httpStatus}: ${error.message}`);
}
