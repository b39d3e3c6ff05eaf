// The failure toast of a category write: the spec's text as its title, and the server's own
// reason (a 409 for a category that still has posts, a validation message...) beneath it.
export function categoryFailure(action: "create" | "update" | "delete") {
  return { title: `Failed to ${action} category`, message: "Please try again." };
}
