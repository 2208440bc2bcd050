CREATE TABLE "safety_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"chat_id" text,
	"message_id" text,
	"kind" text NOT NULL,
	"excerpt" text NOT NULL,
	"language" text NOT NULL,
	"stated_age" integer,
	"profile_age" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_holds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"event_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "safety_events" ADD CONSTRAINT "safety_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_events" ADD CONSTRAINT "safety_events_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_holds" ADD CONSTRAINT "safety_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safety_events_created" ON "safety_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "safety_events_user" ON "safety_events" USING btree ("user_id");