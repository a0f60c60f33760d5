CREATE TABLE "pos_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pos_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"table_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pos_order_id" text,
	"command" jsonb,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pos_outbox_state_check" CHECK ("pos_outbox"."state" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pos" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pos_size_id" text;--> statement-breakpoint
ALTER TABLE "pos_outbox" ADD CONSTRAINT "pos_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_outbox" ADD CONSTRAINT "pos_outbox_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_outbox_order_unique" ON "pos_outbox" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pos_outbox_due_idx" ON "pos_outbox" USING btree ("next_attempt_at","id") WHERE "pos_outbox"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "pos_outbox_table_idx" ON "pos_outbox" USING btree ("table_id","id");--> statement-breakpoint
CREATE INDEX "pos_outbox_restaurant_idx" ON "pos_outbox" USING btree ("restaurant_id");