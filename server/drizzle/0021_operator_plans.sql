-- Mobile-operator plans (docs/decisions/0046-operator-plans.md): a plan on a phone number, its charges by period (one per period key) and the operator's notifications (one per transaction id).
CREATE TABLE "operator_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"period" integer NOT NULL,
	"period_key" varchar(64) NOT NULL,
	"transaction_id" varchar(64) NOT NULL,
	"status" varchar(16) NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_charges_period_key_unique" UNIQUE("period_key"),
	CONSTRAINT "operator_charges_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "operator_charges_status" CHECK ("operator_charges"."status" in ('paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "operator_notifications" (
	"transaction_id" varchar(64) PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"event" varchar(32) NOT NULL,
	"period" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_division_id" integer NOT NULL,
	"phone" varchar(16) NOT NULL,
	"recurrence" integer NOT NULL,
	"price" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"checkout_token" varchar(64) NOT NULL,
	"pin_hash" varchar(64),
	"pin_attempts" integer DEFAULT 0 NOT NULL,
	"periods_paid" integer DEFAULT 0 NOT NULL,
	"user_offer_id" integer,
	"paid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "operator_subscriptions_checkout_token_unique" UNIQUE("checkout_token"),
	CONSTRAINT "operator_subscriptions_recurrence" CHECK ("operator_subscriptions"."recurrence" in (1, 7)),
	CONSTRAINT "operator_subscriptions_status" CHECK ("operator_subscriptions"."status" in ('pending', 'active', 'cancelled', 'ended', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "operator_charges" ADD CONSTRAINT "operator_charges_subscription_id_operator_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."operator_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notifications" ADD CONSTRAINT "operator_notifications_subscription_id_operator_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."operator_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD CONSTRAINT "operator_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD CONSTRAINT "operator_subscriptions_offer_division_id_offer_divisions_id_fk" FOREIGN KEY ("offer_division_id") REFERENCES "public"."offer_divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_subscriptions" ADD CONSTRAINT "operator_subscriptions_user_offer_id_user_offers_id_fk" FOREIGN KEY ("user_offer_id") REFERENCES "public"."user_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_subscriptions_active_phone_uq" ON "operator_subscriptions" USING btree ("phone") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "operator_subscriptions_user_idx" ON "operator_subscriptions" USING btree ("user_id","id");