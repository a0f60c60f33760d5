ALTER TABLE "restaurant_tables" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_tables" ADD COLUMN "pos_table_id" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pos_terminal_group_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "restaurant_tables_pos_unique" ON "restaurant_tables" USING btree ("restaurant_id","pos_table_id") WHERE "restaurant_tables"."pos_table_id" is not null;--> statement-breakpoint
ALTER TABLE "restaurant_tables" ADD CONSTRAINT "restaurant_tables_source_check" CHECK (("restaurant_tables"."source" = 'manual' and "restaurant_tables"."pos_table_id" is null) or ("restaurant_tables"."source" = 'pos' and "restaurant_tables"."pos_table_id" is not null));