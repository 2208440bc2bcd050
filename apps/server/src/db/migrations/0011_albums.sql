CREATE TABLE "album_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"bot_id" text NOT NULL,
	"tag" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"cover_item_id" text,
	"cover_key" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "album_unlocks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"bot_id" text NOT NULL,
	"tag" text NOT NULL,
	"price" integer NOT NULL,
	"ledger_entry_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "album_categories" ADD CONSTRAINT "album_categories_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_categories" ADD CONSTRAINT "album_categories_cover_item_id_media_id_fk" FOREIGN KEY ("cover_item_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_unlocks" ADD CONSTRAINT "album_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_unlocks" ADD CONSTRAINT "album_unlocks_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "album_categories_bot_tag" ON "album_categories" USING btree ("bot_id","tag");--> statement-breakpoint
CREATE UNIQUE INDEX "album_unlocks_user_bot_tag" ON "album_unlocks" USING btree ("user_id","bot_id","tag");--> statement-breakpoint
CREATE INDEX "album_unlocks_user" ON "album_unlocks" USING btree ("user_id");