CREATE TABLE "leaderboard_band_counts" (
	"board" text NOT NULL,
	"band" integer NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "leaderboard_band_counts_board_band_pk" PRIMARY KEY("board","band"),
	CONSTRAINT "leaderboard_band_counts_students_check" CHECK (students >= 0)
);
--> statement-breakpoint
CREATE TABLE "leaderboard_score_counts" (
	"board" text NOT NULL,
	"points" integer NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "leaderboard_score_counts_board_points_pk" PRIMARY KEY("board","points"),
	CONSTRAINT "leaderboard_score_counts_students_check" CHECK (students >= 0)
);
--> statement-breakpoint
CREATE TABLE "leaderboard_tie_counts" (
	"board" text NOT NULL,
	"points" integer NOT NULL,
	"hour" integer NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "leaderboard_tie_counts_board_points_hour_pk" PRIMARY KEY("board","points","hour"),
	CONSTRAINT "leaderboard_tie_counts_students_check" CHECK (students >= 0)
);
