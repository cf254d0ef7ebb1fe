// Command ferretdb runs FerretDB v1 (the MongoDB wire protocol over SQLite or PostgreSQL) for Scrivo's MongoDB
// adapter tests and the production stack's benchmarks. The upstream command cannot be installed from the Go module
// proxy (see tools/README.md), its embeddable package can: this wrapper is that package with a few flags.
// SQLite stays the default: the adapter conformance suites need no server beside it. PostgreSQL is for load:
// FerretDB v1 on SQLite filters everything but `{_id}` in Go and stopped answering under the 200-user load.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("dir", "./ferretdb-data", "directory for the SQLite files (SQLite backend)")
	postgresql := flag.String("postgresql", "", "PostgreSQL URL (postgres://...); selects the PostgreSQL backend instead of SQLite")
	flag.Parse()

	config := ferretdb.Config{Listener: ferretdb.ListenerConfig{TCP: *listen}}
	backend := "sqlite"
	if *postgresql != "" {
		backend = "postgresql"
		config.Handler = "postgresql"
		config.PostgreSQLURL = *postgresql
	} else {
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			log.Fatal(err)
		}
		config.Handler = "sqlite"
		config.SQLiteURL = "file:" + *dir + "/"
	}
	f, err := ferretdb.New(&config)
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	log.Printf("ferretdb listening on %s (%s, %s backend)", *listen, f.MongoDBURI(), backend)
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}
