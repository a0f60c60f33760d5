CREATE TABLE "kitchen_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"station_id" uuid,
	"name" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone NOT NULL,
	"token_hash" text,
	"paired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"printer" jsonb,
	"print_on" text DEFAULT 'placed' NOT NULL,
	"amber_minutes" integer DEFAULT 10 NOT NULL,
	"red_minutes" integer DEFAULT 20 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_stations_print_on_check" CHECK ("kitchen_stations"."print_on" in ('placed', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "print_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"station_id" uuid NOT NULL,
	"reprint" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "print_outbox_state_check" CHECK ("print_outbox"."state" in ('pending', 'printed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "station_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "print" jsonb;--> statement-breakpoint
ALTER TABLE "kitchen_devices" ADD CONSTRAINT "kitchen_devices_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_devices" ADD CONSTRAINT "kitchen_devices_station_id_kitchen_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."kitchen_stations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_stations" ADD CONSTRAINT "kitchen_stations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_outbox" ADD CONSTRAINT "print_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_outbox" ADD CONSTRAINT "print_outbox_station_id_kitchen_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."kitchen_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_devices_restaurant_idx" ON "kitchen_devices" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_devices_code_unique" ON "kitchen_devices" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_devices_token_unique" ON "kitchen_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "kitchen_stations_restaurant_idx" ON "kitchen_stations" USING btree ("restaurant_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_stations_name_unique" ON "kitchen_stations" USING btree ("restaurant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "print_outbox_due_idx" ON "print_outbox" USING btree ("next_attempt_at","id") WHERE "print_outbox"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "print_outbox_first_unique" ON "print_outbox" USING btree ("order_id","station_id") WHERE not "print_outbox"."reprint";--> statement-breakpoint
CREATE INDEX "print_outbox_order_idx" ON "print_outbox" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_station_id_kitchen_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."kitchen_stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Lines of orders made before kitchen stations: no station, served when their order was, else new, no moves.
UPDATE "orders" SET "items" = (
	SELECT coalesce(jsonb_agg(line || jsonb_build_object(
		'station_id', null,
		'status', CASE WHEN "orders"."status" = 'served' THEN 'served' ELSE 'new' END,
		'moves', '[]'::jsonb
	) ORDER BY n), '[]'::jsonb)
	FROM jsonb_array_elements("orders"."items") WITH ORDINALITY AS l(line, n)
);
