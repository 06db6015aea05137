CREATE TABLE "store_move_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
