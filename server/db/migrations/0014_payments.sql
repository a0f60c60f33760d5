CREATE TABLE "payment_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"restaurant_id" uuid,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"params" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"payme_enabled" boolean DEFAULT false NOT NULL,
	"payme_merchant_id" text DEFAULT '' NOT NULL,
	"payme_key" text,
	"payme_test_key" text,
	"payme_test_mode" boolean DEFAULT false NOT NULL,
	"click_enabled" boolean DEFAULT false NOT NULL,
	"click_service_id" text DEFAULT '' NOT NULL,
	"click_merchant_id" text DEFAULT '' NOT NULL,
	"click_merchant_user_id" text DEFAULT '' NOT NULL,
	"click_secret_key" text,
	"vat_percent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_vat_check" CHECK ("payment_settings"."vat_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"provider_time" bigint,
	"amount_tiyin" bigint NOT NULL,
	"state" integer NOT NULL,
	"reason" integer,
	"create_time" bigint NOT NULL,
	"perform_time" bigint DEFAULT 0 NOT NULL,
	"cancel_time" bigint DEFAULT 0 NOT NULL,
	"paydoc_id" text
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"table_id" uuid,
	"provider" text NOT NULL,
	"order_ids" uuid[] NOT NULL,
	"items_total" numeric(14, 2) NOT NULL,
	"service" numeric(14, 2) NOT NULL,
	"tip" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"taken_by" text,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('payme', 'click', 'cash')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'cancelled', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0 and "payments"."tip" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ikpu" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "package_code" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "service_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_calls" ADD CONSTRAINT "payment_calls_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_table_id_restaurant_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."restaurant_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_calls_restaurant_idx" ON "payment_calls" USING btree ("restaurant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_provider_unique" ON "payment_transactions" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_payment_idx" ON "payment_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_time_idx" ON "payment_transactions" USING btree ("provider","provider_time");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_unique" ON "payments" USING btree ("restaurant_id","idempotency_key","table_id","device_id");--> statement-breakpoint
CREATE INDEX "payments_restaurant_created_idx" ON "payments" USING btree ("restaurant_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_table_unpaid_idx" ON "orders" USING btree ("table_id","created_at") WHERE "orders"."payment_status" in ('unpaid', 'pending');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('unpaid', 'pending', 'paid', 'refunded'));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_service_percent_check" CHECK ("restaurants"."service_percent" between 0 and 30);