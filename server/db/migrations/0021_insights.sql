CREATE TABLE "insight_hours" (
	"restaurant_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"label" text,
	CONSTRAINT "insight_hours_restaurant_id_hour_kind_subject_pk" PRIMARY KEY("restaurant_id","hour","kind","subject")
);
--> statement-breakpoint
CREATE TABLE "insight_rollups" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "served_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "digest_time" text DEFAULT '23:00';--> statement-breakpoint
ALTER TABLE "insight_hours" ADD CONSTRAINT "insight_hours_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "insight_rollups" ("id", "rolled_until") SELECT 1, date_trunc('hour', coalesce(least((SELECT min("created_at") FROM "orders"), (SELECT min("created_at") FROM "calls")), now()));
