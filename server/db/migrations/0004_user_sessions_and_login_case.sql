DROP INDEX "users_login_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_lower_unique" ON "users" USING btree (lower("login"));--> statement-breakpoint
-- Tokens issued before this migration carry no session version (read as 0). Users whose password changed, or who are
-- deactivated, start at 1 so that none of their earlier tokens opens the account (as password_changed_at did before).
UPDATE "users" SET "session_version" = 1 WHERE "password_changed_at" IS NOT NULL OR "is_active" = false;
