"""The direct transport reuses the previous request's JSON for a conversation's history: the
bytes sent must be exactly those of encoding the whole request, whatever the conversation does
(grows, re-asks, branches from an earlier point, resends the same messages)."""
import json

from machinepsych.core.types import ImagePart, Message
from machinepsych.models.openai_compat import request_json, to_openai_messages


def plain(body: dict, messages: list[Message]) -> bytes:
    """The request encoded afresh, every message from scratch (the adapter's layout: the
    messages joined by commas after the other fields)."""
    fresh = [Message(m.role, m.parts) for m in messages]  # new objects: nothing kept on them
    compact = {"ensure_ascii": False, "separators": (",", ":")}  # the adapter's layout, with or without orjson
    head = json.dumps(body, **compact)
    msgs = ",".join(json.dumps(m, **compact) for m in to_openai_messages(fresh))
    text = head[:-1] + ("," if len(head) > 2 else "") + f'"messages":[{msgs}]}}'
    assert json.loads(text) == {**body, "messages": to_openai_messages(fresh)}
    return text.encode("utf-8")


def test_request_bytes_equal_a_full_encoding_along_a_conversation():
    body = {"model": "m", "temperature": 0.0, "max_tokens": 8}
    msgs = [Message.text("system", "Sort the cards. «é»")]
    sent = []
    for t in range(6):
        msgs = msgs + [Message.text("user", f"Trial {t}: which pile?")]
        assert request_json(body, msgs) == plain(body, msgs)
        sent.append(list(msgs))
        msgs = msgs + [Message.text("assistant", f"Selection: {t % 4 + 1}")]
    # a re-ask after an unparsable reply: two more messages on the same prefix
    reask = msgs + [Message.text("user", "Answer with one number.")]
    assert request_json(body, reask) == plain(body, reask)
    # the same request again (a retry) and a branch from an earlier request
    assert request_json(body, reask) == plain(body, reask)
    branch = sent[2] + [Message.text("assistant", "other"), Message.text("user", "again")]
    assert request_json(body, branch) == plain(body, branch)
    # an equal but distinct message in the history is encoded from itself
    copy = [Message.text("system", "Sort the cards. «é»")] + reask[1:]
    assert request_json(body, copy) == plain(body, copy)
    assert request_json({"model": "m"}, []) == plain({"model": "m"}, [])


def test_request_bytes_with_images_in_the_history():
    img = ImagePart(png=bytes.fromhex("89504e470d0a1a0a") + b"pixels", alt="a dot")
    body = {"model": "m"}
    msgs = [Message.text("system", "Look."), Message("user", (img,))]
    assert request_json(body, msgs) == plain(body, msgs)
    msgs = msgs + [Message.text("assistant", "A dot."), Message.text("user", "And now?")]
    assert request_json(body, msgs) == plain(body, msgs)
