//! A finished table played again: the same seats (each person's secret
//! works at the new table), new cards or the same ones; one rematch
//! whoever asks, heard by everyone watching, and kept across a restart.

mod common;

use common::*;
use serde_json::{json, Value};

async fn ask(addr: std::net::SocketAddr, table: &str, body: Value) -> (u16, Value) {
    http(
        addr,
        "POST",
        &format!("/api/tables/{table}/rematch"),
        Some(&body),
    )
    .await
}

/// The person's first hand at `table`, as their seat's first snapshot shows it.
async fn first_hand(addr: std::net::SocketAddr, table: &str, secret: &str) -> Value {
    let mut c = Client::hello(addr, table, Some(secret), None).await;
    let welcome = c.until("welcome").await;
    assert_eq!(welcome["seat"], 0, "the old secret holds seat 0: {welcome}");
    c.until("snapshot").await["state"]["observation"]["hand"].clone()
}

/// The hand a played-out client was dealt (its first snapshot's).
fn dealt_hand(client: &Client) -> Value {
    client
        .frames
        .iter()
        .find(|f| f["t"] == "snapshot")
        .map(|f| f["state"]["observation"]["hand"].clone())
        .expect("a first snapshot")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_table_is_played_again_by_the_same_seats() {
    let config = fast_config();
    let running = server(config.clone()).await;
    let addr = running.addr;
    let (created, table) = new_table(addr, "sixty-six", &["p", "random"]).await;
    let secret = secret(&created, 0);

    // Refusals, each naming its reason.
    let (status, body) = ask(addr, &table, json!({"secret": secret})).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["error"].as_str().unwrap().contains("still in play"));
    let (status, _) = ask(addr, &table, json!({"secret": "nope"})).await;
    assert_eq!(status, 403);
    let (status, _) = ask(addr, "nosuchtable", json!({"secret": secret})).await;
    assert_eq!(status, 404);
    let (status, body) = ask(addr, &table, json!({"secret": secret, "colour": 1})).await;
    assert_eq!(status, 400, "{body}");

    let mut watcher = Client::hello(addr, &table, None, None).await;
    watcher.until("welcome").await;
    let played = play_person(addr, table.clone(), secret.clone(), 3).await;
    let hand_then = dealt_hand(&played);

    let (status, body) = ask(addr, &table, json!({"secret": secret, "same_cards": true})).await;
    assert_eq!(status, 200, "{body}");
    let again = body["table"].as_str().unwrap().to_string();
    assert_ne!(again, table);
    assert_eq!(body["url"], format!("/t/{again}"));
    assert_eq!(watcher.until("rematch").await["table"], again.as_str());
    assert_eq!(body["same_cards"], true);
    // Asked again (by anyone seated, whatever they ask for): the same one,
    // and the answer says it plays the same cards.
    let (_, body) = ask(addr, &table, json!({"secret": secret})).await;
    assert_eq!(body["table"], again.as_str());
    assert_eq!(body["same_cards"], true, "{body}");
    assert_eq!(first_hand(addr, &again, &secret).await, hand_then);

    // Kept across a restart: a visit to the old table hears of it.
    running.stop().await.unwrap();
    let running = server(config).await;
    let mut late = Client::hello(running.addr, &table, None, None).await;
    assert_eq!(late.until("rematch").await["table"], again.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_with_new_cards_deals_from_a_new_seed() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    let (created, table) = new_table(addr, "schnapsen", &["p", "random"]).await;
    let secret = secret(&created, 0);
    let played = play_person(addr, table.clone(), secret.clone(), 5).await;
    let deal_then = dealt_hand(&played);
    let (status, body) = ask(addr, &table, json!({"secret": secret})).await;
    assert_eq!(status, 200, "{body}");
    let again = body["table"].as_str().unwrap();
    // Five cards of twenty: the same hand by chance is about 1 in 15,504.
    assert_ne!(first_hand(addr, again, &secret).await, deal_then);
}

/// The same cards again only where every hand was seen: not after a table
/// was ended before it was played out, nor for a person who never played
/// (the old table's log shows the hands they were never shown). New cards
/// are always fine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_cards_only_when_every_person_saw_the_hands() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    // Ended by its only person before the deal was over.
    let (created, table) = new_table(addr, "schnapsen", &["p", "random"]).await;
    let ann = secret(&created, 0);
    end_alone(addr, &table, &ann).await;
    let (status, body) = ask(addr, &table, json!({"secret": ann, "same_cards": true})).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("ended before it was played out"),
        "{body}"
    );
    let (status, body) = ask(addr, &table, json!({"secret": ann})).await;
    assert_eq!(
        (status, &body["same_cards"]),
        (200, &json!(false)),
        "{body}"
    );

    // Bo never came: a bot played his seat to the end.
    let (created, table) = new_table(addr, "schnapsen", &["p", "p"]).await;
    let ann = secret(&created, 0);
    let mut c = Client::hello(addr, &table, Some(&ann), None).await;
    c.until("presence").await;
    c.send(json!({"t": "stand_in", "seat": 1})).await;
    c.until("presence").await;
    drop(c);
    play_person(addr, table.clone(), ann.clone(), 7).await;
    let (status, body) = ask(addr, &table, json!({"secret": ann, "same_cards": true})).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("never played at this table"),
        "{body}"
    );
}
