/** The migrated database every PostgreSQL test forum is copied from. */
export const TEMPLATE_DATABASE = "forum_test_template";
