-- Issue 13: one trigram index over name, slug and phone together instead of one per column (three bitmap scans OR-ed
-- cost the planner more than reading all 2,500 restaurants, so it read them all: 13 ms of ILIKE on PGlite, against
-- 0.1 ms for the index), and every trigram index without a pending list (fastupdate off): PGlite never vacuums, and a
-- GIN index's pending entries are read whole by every search until a VACUUM merges them.
DROP INDEX "restaurants_name_trgm_idx";--> statement-breakpoint
DROP INDEX "restaurants_slug_trgm_idx";--> statement-breakpoint
DROP INDEX "restaurants_phone_trgm_idx";--> statement-breakpoint
DROP INDEX "restaurants_phone_digits_trgm_idx";--> statement-breakpoint
DROP INDEX "users_login_trgm_idx";--> statement-breakpoint
CREATE INDEX "restaurants_search_trgm_idx" ON "restaurants" USING gin (("name" || E'\n' || "slug" || E'\n' || "phone_number") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "restaurants_phone_digits_trgm_idx" ON "restaurants" USING gin (regexp_replace("phone_number", '\D', '', 'g') gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_login_trgm_idx" ON "users" USING gin ("login" gin_trgm_ops) WITH (fastupdate=false);