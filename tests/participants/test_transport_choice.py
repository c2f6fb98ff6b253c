"""``--transport auto`` (the default): the lean direct client for a server on this machine,
the official SDK for any other host; what it resolved to is what the run spec stores."""
import pytest

from machinepsych.core.errors import ConfigError
from machinepsych.models.openai_compat import OpenAIModel, transport_for
from machinepsych.participants.spec import ParticipantSpec


@pytest.mark.parametrize("url, expected", [
    ("http://127.0.0.1:8000/v1", "direct"), ("http://localhost:11434/v1", "direct"), ("http://[::1]:8080/v1", "direct"),
    ("http://127.0.0.2:9000/v1", "direct"), ("http://10.0.0.5:8000/v1", "aiohttp"),
    ("https://api.openai.com/v1", "aiohttp"), ("http://gpu-node.cluster:8000/v1", "aiohttp"), (None, "aiohttp"),
])
def test_auto_means_direct_only_on_this_machine(url, expected):
    assert transport_for(url) == expected
    assert ParticipantSpec(ref="openai:m", base_url=url).transport == expected


def test_local_aliases_use_their_default_url_and_explicit_choices_stay():
    assert ParticipantSpec(ref="ollama:llama3").transport == "direct"  # Ollama's default address is local
    assert ParticipantSpec(ref="vllm:m", base_url="http://10.1.2.3:8000/v1").transport == "aiohttp"
    assert ParticipantSpec(ref="openai:m", base_url="http://127.0.0.1:8000/v1", transport="httpx").transport == "httpx"
    spec = ParticipantSpec(ref="openai:m", base_url="http://127.0.0.1:8000/v1")
    assert ParticipantSpec.model_validate(spec.model_dump()).transport == "direct"  # stored resolved
    with pytest.raises(ConfigError, match="transport must be one of"):
        ParticipantSpec(ref="openai:m", transport="carrier-pigeon")


def test_the_adapter_resolves_auto_too():
    assert OpenAIModel("m", base_url="http://127.0.0.1:8000/v1", transport="auto").transport == "direct"
