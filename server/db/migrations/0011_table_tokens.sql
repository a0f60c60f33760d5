DROP INDEX "orders_idempotency_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "device_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "needs_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_tables" ADD COLUMN "token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "restaurant_tables_token_unique" ON "restaurant_tables" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("restaurant_id","idempotency_key","table_id","device_id");