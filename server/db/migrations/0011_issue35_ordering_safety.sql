CREATE TABLE "telegram_chats" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"last_call_at" timestamp with time zone,
	"recent_sends" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_event_tickets" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_idempotency_unique";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "device_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "needs_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_tables" ADD COLUMN "token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "telegram_staff" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "working_restaurant_id" uuid;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "used_event_tickets_used_idx" ON "used_event_tickets" USING btree ("used_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_working_restaurant_id_restaurants_id_fk" FOREIGN KEY ("working_restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restaurant_tables_token_unique" ON "restaurant_tables" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("restaurant_id","idempotency_key","table_id","device_id");