/** The forum's name: the header's title and the end of every browser tab title. */
export const FORUM_TITLE = "Tech Forum";
