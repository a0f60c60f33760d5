CREATE TABLE "telegram_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegram_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"restaurant_id" uuid NOT NULL,
	"order_id" uuid,
	"call_id" uuid,
	"action" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "telegram_outbox_action_check" CHECK ("telegram_outbox"."action" in ('send', 'edit')),
	CONSTRAINT "telegram_outbox_state_check" CHECK ("telegram_outbox"."state" in ('pending', 'sent', 'failed', 'skipped')),
	CONSTRAINT "telegram_outbox_subject_check" CHECK (("telegram_outbox"."order_id" is null) <> ("telegram_outbox"."call_id" is null))
);
--> statement-breakpoint
CREATE TABLE "telegram_pollers" (
	"bot_id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"next_offset" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"bot_id" text NOT NULL,
	"update_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "telegram_chat_id" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "telegram_message_id" bigint;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "telegram_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "telegram_chat_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "telegram_message_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "telegram_error" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "telegram_error" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "telegram_webhook_secret" text;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD CONSTRAINT "telegram_outbox_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD CONSTRAINT "telegram_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD CONSTRAINT "telegram_outbox_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_outbox_due_idx" ON "telegram_outbox" USING btree ("next_attempt_at","id") WHERE "telegram_outbox"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "telegram_outbox_order_idx" ON "telegram_outbox" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "telegram_outbox_call_idx" ON "telegram_outbox" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "telegram_outbox_restaurant_idx" ON "telegram_outbox" USING btree ("restaurant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_updates_pk" ON "telegram_updates" USING btree ("bot_id","update_id");