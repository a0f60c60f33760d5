CREATE TABLE "insight_days" (
	"restaurant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"label" text,
	"seconds" integer[],
	"counts" integer[],
	CONSTRAINT "insight_days_restaurant_id_day_kind_subject_pk" PRIMARY KEY("restaurant_id","day","kind","subject")
);
--> statement-breakpoint
CREATE TABLE "insight_months" (
	"restaurant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"label" text,
	"seconds" integer[],
	"counts" integer[],
	CONSTRAINT "insight_months_restaurant_id_month_kind_subject_pk" PRIMARY KEY("restaurant_id","month","kind","subject")
);
--> statement-breakpoint
CREATE TABLE "insight_summaries" (
	"restaurant_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"summarized_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_days" ADD CONSTRAINT "insight_days_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_months" ADD CONSTRAINT "insight_months_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_summaries" ADD CONSTRAINT "insight_summaries_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;