-- Issue 27, the referral programme. Who referred whom: one row per invited client (the primary
-- key: a client has at most one referrer), never oneself. `activated_at` is when the invited
-- client's account became active (registration activates it: there is no e-mail confirmation),
-- the start of the two months of bonus.
CREATE TABLE "referrals" (
	"referred_id" integer PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referred_id" <> "referrer_id")
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");
--> statement-breakpoint
-- One bonus week of a referrer (Monday 00:00 Bucharest): claimed by the weekly job in the
-- transaction that writes its ledger movement, so a retry or a second worker pays it once.
CREATE TABLE "referral_bonus_weeks" (
	"referrer_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"credited_bani" bigint NOT NULL,
	"taken_back_bani" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_bonus_weeks_pk" PRIMARY KEY("referrer_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "referral_bonus_weeks" ADD CONSTRAINT "referral_bonus_weeks_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Each shipment's part of a week's bonus: credited once, taken back at most once.
CREATE TABLE "referral_bonus_items" (
	"shipment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"referrer_id" integer NOT NULL,
	"referred_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"value_bani" bigint NOT NULL,
	"bonus_bani" bigint NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_bonus_items_pk" PRIMARY KEY("shipment_id","kind"),
	CONSTRAINT "referral_bonus_items_kind" CHECK ("kind" IN ('credit', 'takeback'))
);
--> statement-breakpoint
ALTER TABLE "referral_bonus_items" ADD CONSTRAINT "referral_bonus_items_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "referral_bonus_items_referrer_idx" ON "referral_bonus_items" USING btree ("referrer_id","week_start");
--> statement-breakpoint
CREATE INDEX "referral_bonus_items_referred_idx" ON "referral_bonus_items" USING btree ("referred_id");
