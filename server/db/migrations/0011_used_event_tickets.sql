CREATE TABLE "used_event_tickets" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_event_tickets_used_idx" ON "used_event_tickets" USING btree ("used_at");