-- Issue 13: the admin lists at 2,500 restaurants. Their first page is read from an index in the list's order, and their
-- search (ILIKE '%…%') from trigram indexes instead of every row. pg_trgm is a trusted extension (PostgreSQL 13+: the
-- database owner may create it); PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (server/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "restaurants_created_idx" ON "restaurants" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "restaurants_name_trgm_idx" ON "restaurants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "restaurants_slug_trgm_idx" ON "restaurants" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "restaurants_phone_trgm_idx" ON "restaurants" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "restaurants_phone_digits_trgm_idx" ON "restaurants" USING gin (regexp_replace("phone_number", '\D', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_role_login_idx" ON "users" USING btree ("role","login","id");--> statement-breakpoint
CREATE INDEX "users_login_trgm_idx" ON "users" USING gin ("login" gin_trgm_ops);