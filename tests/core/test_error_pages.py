import pytest

pytestmark = pytest.mark.django_db


def test_an_unknown_api_url_answers_json_in_the_api_error_shape(client):
    response = client.get("/api/no-such-thing/0.5/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"errors": [{"path": "", "message": "Not found.", "code": "not_found"}]}


def test_an_unknown_page_is_a_friendly_html_page(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "text/html" in response["Content-Type"]
    assert "Back to the home page" in response.content.decode()
