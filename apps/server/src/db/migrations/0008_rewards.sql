CREATE TABLE "daily_reward_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"streak_day" integer NOT NULL,
	"streak" integer NOT NULL,
	"tokens" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"invitee_id" text PRIMARY KEY NOT NULL,
	"inviter_id" text NOT NULL,
	"rewarded_payment_id" text,
	"tokens" integer DEFAULT 0 NOT NULL,
	"rewarded_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."invitee_id" <> "referrals"."inviter_id")
);
--> statement-breakpoint
CREATE TABLE "reward_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"action_name" text NOT NULL,
	"status" text NOT NULL,
	"pending_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"tokens" integer
);
--> statement-breakpoint
ALTER TABLE "daily_reward_claims" ADD CONSTRAINT "daily_reward_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_tasks" ADD CONSTRAINT "reward_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_reward_claims_user_day" ON "daily_reward_claims" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referrals_inviter" ON "referrals" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_tasks_user_action" ON "reward_tasks" USING btree ("user_id","action_name");--> statement-breakpoint
CREATE INDEX "reward_tasks_status" ON "reward_tasks" USING btree ("status","pending_at");