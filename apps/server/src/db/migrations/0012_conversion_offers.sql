CREATE TABLE "mystery_box_draws" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_discounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"offer" text NOT NULL,
	"percent" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_discounts_percent_range" CHECK ("offer_discounts"."percent" > 0 AND "offer_discounts"."percent" < 100)
);
--> statement-breakpoint
CREATE TABLE "offer_views" (
	"user_id" text NOT NULL,
	"offer" text NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "offer_views_user_id_offer_pk" PRIMARY KEY("user_id","offer")
);
--> statement-breakpoint
ALTER TABLE "mystery_box_draws" ADD CONSTRAINT "mystery_box_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_discounts" ADD CONSTRAINT "offer_discounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_views" ADD CONSTRAINT "offer_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_discounts_user_offer_unique" ON "offer_discounts" USING btree ("user_id","offer");--> statement-breakpoint
CREATE INDEX "offer_discounts_payment" ON "offer_discounts" USING btree ("consumed_payment_id");